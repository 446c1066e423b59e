import { spawnSync } from "child_process";
import { readFileSync, writeFileSync } from "fs";
import path from "path";
import { resources } from "../resources";
import { migrationSource } from "../resources/kit/migration";
import { findDeclarations, withListed } from "./resourceList";

const gateway = path.join(__dirname, "../..");

/** Runs a command in gateway/, ending this process when it fails. */
function run(command: string, args: string[]) {
  const { status } = spawnSync(command, args, { cwd: gateway, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}

/**
 * `npm run migration -w gateway -- Partner [...]`: lists each new declaration
 * (`export const Partner = defineResource(…)` in gateway/src/resources/) in
 * gateway/src/resources/index.ts, writes the migration that creates the
 * tables of the resources named into db/src/migrations and lists it in
 * db/src/index.ts.
 */
function main(names: string[]) {
  const declared = names.map((name) => resources.find((resource) => resource.name === name));
  const unlisted = names.filter((_, at) => !declared[at]);
  const found = findDeclarations(path.join(gateway, "src/resources"), unlisted);
  const unknown = unlisted.filter((name) => !found.some((declaration) => declaration.name === name));
  if (!names.length || unknown.length) {
    console.error(`usage: npm run migration -w gateway -- <GraphQL type>...; unknown: ${unknown.join(", ") || "none given"}`);
    process.exit(2);
  }
  if (found.length) {
    // The resources compiled into dist/ are the list as it was: build the new one, then generate from it.
    const indexPath = path.join(gateway, "src/resources/index.ts");
    writeFileSync(indexPath, withListed(readFileSync(indexPath, "utf8"), found));
    console.log(`listed ${found.map(({ name }) => name).join(", ")} in gateway/src/resources/index.ts`);
    run("npm", ["run", "build"]);
    run(process.execPath, [__filename, ...names]);
    return;
  }
  const timestamp = Date.now();
  const className = `Create${names.join("")}`;
  const dbSrc = path.join(__dirname, "../../../db/src");
  const file = `${timestamp}-${className}`;
  writeFileSync(
    path.join(dbSrc, "migrations", `${file}.ts`),
    migrationSource(
      className,
      timestamp,
      declared.map((resource) => resource!),
    ),
  );

  const indexPath = path.join(dbSrc, "index.ts");
  const index = readFileSync(indexPath, "utf8")
    .replace(/^((?:import [^\n]*\n)+)/, `$1import { ${className}${timestamp} } from "./migrations/${file}";\n`)
    .replace(/(export const migrations = \[[^\]]*?),?\s*\]/, `$1, ${className}${timestamp}]`);
  writeFileSync(indexPath, index);
  console.log(`wrote db/src/migrations/${file}.ts and listed it in db/src/index.ts`);
}

main(process.argv.slice(2));
