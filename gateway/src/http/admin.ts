import express, { type Request, type Response, Router } from "express";
import { existsSync, readdirSync } from "fs";
import path from "path";

/** The encodings the admin build ships beside its files (admin/vite.config.ts), in order of preference. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * The built admin app at `/`, with index.html for its client-side routes.
 * Files the build compressed ahead (name.js.br, name.js.gz) are sent as they
 * are, with their Content-Encoding, instead of being compressed per request.
 */
export function adminRouter(dist: string): Router {
  const router = Router();
  const index = path.join(dist, "index.html");
  // Which compressed copies exist is read once at start: a request costs a lookup, not a stat.
  const compressed = compressedFiles(dist);
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = safePath(dist, req.path);
    if (!file || !sendCompressed(req, res, dist, file, compressed, immutableAssets)) next();
  });
  router.use(express.static(dist, { index: false, maxAge: "1h", setHeaders: immutableAssets }));
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts("html") || !existsSync(index)) return next();
    res.setHeader("Cache-Control", "no-cache");
    if (!sendCompressed(req, res, dist, index, compressed, () => {})) res.sendFile("index.html", { root: dist });
  });
  return router;
}

/** Every file under `dir` (absolute paths), without following links out of it. */
function compressedFiles(dir: string): Set<string> {
  if (!existsSync(dir)) return new Set();
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile() && ENCODINGS.some(({ suffix }) => entry.name.endsWith(suffix)))
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
}

/** The file a URL path names inside `dist`, or undefined when it would leave it or cannot be decoded. */
function safePath(dist: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const file = path.join(dist, decoded);
  return file.startsWith(dist + path.sep) ? file : undefined;
}

/**
 * Sends the best compressed copy of `file` (inside `dist`) the client takes; false when there is none. Files are
 * sent relative to `dist` (send refuses dotfiles in the part it is given): an install under a dotted folder, such
 * as ~/.local, still serves its admin.
 */
function sendCompressed(
  req: Request,
  res: Response,
  dist: string,
  file: string,
  compressed: Set<string>,
  setHeaders: (res: Response, file: string) => void,
): boolean {
  const available = ENCODINGS.filter(({ suffix }) => compressed.has(file + suffix));
  if (!available.length) return false;
  // Caches must keep one copy per encoding, whichever is chosen here.
  res.vary("Accept-Encoding");
  // The smallest copy the client takes at all (browsers list gzip first but take both), as nginx's brotli_static picks.
  const chosen = available.find(({ name }) => req.acceptsEncodings(name) === name);
  if (!chosen) return false;
  res.setHeader("Content-Encoding", chosen.name);
  res.type(path.extname(file));
  setHeaders(res, file);
  res.sendFile(path.relative(dist, file + chosen.suffix), {
    root: dist,
    maxAge: res.getHeader("Cache-Control") ? undefined : "1h",
    cacheControl: !res.getHeader("Cache-Control"),
  });
  return true;
}

function immutableAssets(res: express.Response, file: string) {
  if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
}
