// `npm run test:stress -- <file>... [--runs=N]`: runs each test file N times (5 unless told) beside a CPU hog of two
// busy processes, as a loaded CI machine would run it, and reports every failing run with the tests that failed.
// A test that waits or measures must pass here before it lands: a verdict that depends on the machine's speed fails.
//
// The file's package picks its jest: gateway/test/... (TEST_DB=sqlite unless set; TEST_DB=mysql for MariaDB),
// admin/test/..., admin/e2e/... (the end-to-end config, product started once per run), abis/test/...
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const runs = Number(/^--runs=(\d+)$/.exec(args.find((arg) => arg.startsWith("--runs=")) ?? "")?.[1] ?? 5);
const files = args.filter((arg) => !arg.startsWith("--"));
if (!files.length || !(runs > 0)) {
  console.error("usage: npm run test:stress -- <test file>... [--runs=N]   (TEST_DB=mysql for the gateway on MariaDB)");
  process.exit(2);
}

/** The package folder and jest arguments that run one test file. */
function jestFor(file) {
  const relative = path.relative(ROOT, path.resolve(process.cwd(), file));
  const [pkg] = relative.split(path.sep);
  if (!["gateway", "admin", "abis"].includes(pkg) || relative.startsWith(".."))
    throw new Error(`${file}: not a test file of gateway/, admin/ or abis/`);
  const inPackage = path.relative(pkg, relative);
  const config = inPackage.startsWith(`e2e${path.sep}`) ? ["-c", "jest.e2e.config.js", "--runInBand"] : [];
  return { cwd: path.join(ROOT, pkg), args: [...config, "--runTestsByPath", inPackage], label: relative };
}

/** Two processes that keep a core each busy until stopped. */
const hogs = [0, 1].map(() => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
const stopHogs = () => hogs.forEach((hog) => hog.kill("SIGKILL"));
process.on("exit", stopHogs);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

const work = mkdtempSync(path.join(tmpdir(), "presale-stress-"));
const failures = [];
for (const file of files) {
  const { cwd, args: jestArgs, label } = jestFor(file);
  for (let run = 1; run <= runs; run++) {
    const report = path.join(work, `run-${run}.json`);
    const started = Date.now();
    const code = await new Promise((resolve) => {
      const child = spawn("npx", ["jest", ...jestArgs, "--json", `--outputFile=${report}`], {
        cwd,
        stdio: ["ignore", "ignore", "pipe"],
      });
      let output = "";
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (exit) => {
        if (exit !== 0) failures.push({ label, run, output });
        resolve(exit);
      });
    });
    let failed = [];
    try {
      const { testResults } = JSON.parse(readFileSync(report, "utf8"));
      failed = testResults.flatMap((result) =>
        result.assertionResults.filter((test) => test.status === "failed").map((test) => test.fullName),
      );
    } catch {
      /* no report: the run failed before jest wrote one; its output says why */
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`${label} run ${run}/${runs} beside the CPU hog: ${code === 0 ? "passed" : "FAILED"} (${seconds} s)`);
    for (const name of failed) console.log(`  failed: ${name}`);
  }
}
stopHogs();
rmSync(work, { recursive: true, force: true });

if (failures.length) {
  for (const { label, run, output } of failures) console.log(`\n##### ${label}, run ${run}:\n${output}`);
  console.log(`\n${failures.length} of ${files.length * runs} runs failed beside the CPU hog.`);
  process.exit(1);
}
console.log(`\nAll ${files.length * runs} runs passed beside the CPU hog.`);
