// Measures the JavaScript the /login route loads, as the gateway sends it (gzip),
// against the 350 KB budget: the entry script of admin/dist/index.html and every
// chunk it imports statically (lazy chunks, loaded by other screens, are not counted).
// Run after `npm run build -w admin`:  node scripts/login-weight.mjs
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET = 350 * 1024;
const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../admin/dist");
const html = readFileSync(path.join(dist, "index.html"), "utf8");
const entries = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);

const seen = new Map();
function visit(url) {
  if (seen.has(url)) return;
  const code = readFileSync(path.join(dist, url), "utf8");
  seen.set(url, { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 6 }).length });
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"`, not `import("./x.js")`.
  for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    visit(path.posix.join(path.posix.dirname(url), match[1]));
  }
}
entries.forEach(visit);

let raw = 0;
let gzip = 0;
for (const [url, size] of seen) {
  raw += size.raw;
  gzip += size.gzip;
  console.log(`${url.padEnd(40)} ${(size.raw / 1024).toFixed(1).padStart(8)} KB raw ${(size.gzip / 1024).toFixed(1).padStart(8)} KB gzip`);
}
console.log(
  `/login loads ${(raw / 1024).toFixed(1)} KB of JavaScript, ${(gzip / 1024).toFixed(1)} KB transferred (budget ${BUDGET / 1024} KB)`,
);
process.exit(gzip <= BUDGET ? 0 : 1);
