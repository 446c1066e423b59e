import { readdirSync, readFileSync } from "fs";
import path from "path";

/**
 * The list of resources/index.ts stays written out, so that startup, the schema and the REST shim follow one explicit
 * order; `npm run migration` writes a new declaration into it, so a new resource's gateway code is its declaration.
 */

/** A declaration exported by a module of resources/: `export const Partner = defineResource(…)` in partner.ts. */
export interface Declaration {
  name: string;
  /** The module's file name without `.ts`. */
  module: string;
}

const LIST = /(export const resources: AnyResource\[\] = \[)([^\]]*?),?\s*\];/;

/** The declarations, among `names`, that the modules of `dir` (a resources/ folder) export; in the order of `names`. */
export function findDeclarations(dir: string, names: string[]): Declaration[] {
  const modules = readdirSync(dir)
    .filter((file) => file.endsWith(".ts") && file !== "index.ts")
    .sort()
    .map((file) => ({ module: file.slice(0, -".ts".length), source: readFileSync(path.join(dir, file), "utf8") }));
  return names.flatMap((name) => {
    // A name is a GraphQL type, hence an identifier; anything else is no declaration.
    if (!/^[A-Za-z_]\w*$/.test(name)) return [];
    const exported = new RegExp(`^export const ${name}\\b[^=\\n]*= \\w+\\(`, "m");
    const found = modules.find(({ source }) => exported.test(source));
    return found ? [{ name, module: found.module }] : [];
  });
}

/** The names in index.ts's list, in its order. */
export function listedNames(index: string): string[] {
  const list = LIST.exec(index);
  if (!list) throw new Error("resources/index.ts has no `export const resources: AnyResource[] = [...]` list");
  return list[2]
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * index.ts's source with each declaration not yet listed imported (before the first import whose path sorts after
 * its own, as the imports are ordered) and appended to the list, so the order of the resources already there holds.
 */
export function withListed(index: string, declarations: Declaration[]): string {
  const listed = new Set(listedNames(index));
  let source = index;
  for (const { name, module } of declarations.filter(({ name }) => !listed.has(name))) {
    const from = `./${module}`;
    const line = `import { ${name} } from "${from}";\n`;
    const imports = [...source.matchAll(/^import [^\n]* from "([^"]+)";\n/gm)];
    const later = imports.find((match) => match[1].toLowerCase() > from.toLowerCase());
    const last = imports.at(-1);
    const at = later ? later.index : last ? last.index + last[0].length : 0;
    source = (source.slice(0, at) + line + source.slice(at)).replace(
      LIST,
      (_, start: string, names: string) => `${start}${names.trimEnd()}${names.trim() ? "," : ""}\n  ${name},\n];`,
    );
  }
  return source;
}
