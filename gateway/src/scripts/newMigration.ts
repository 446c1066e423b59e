import { readFileSync, writeFileSync } from "fs";
import path from "path";
import { resources } from "../resources";
import { migrationSource } from "../resources/kit/migration";

/**
 * `npm run migration -w gateway -- Partner [...]`: writes the migration that
 * creates the tables of newly declared resources into db/src/migrations and
 * lists it in db/src/index.ts.
 */
function main(names: string[]) {
  const declared = names.map((name) => resources.find((resource) => resource.name === name));
  const unknown = names.filter((_, at) => !declared[at]);
  if (!names.length || unknown.length) {
    console.error(`usage: npm run migration -w gateway -- <GraphQL type>...; unknown: ${unknown.join(", ") || "none given"}`);
    process.exit(2);
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
