import { type AnyResource, isVersioned } from "./define";
import { FieldSpec, isIndexed, isLongText } from "./fields";
import { searchFieldsOf } from "./query";

/**
 * The source of a migration that creates the tables of new resources (and
 * their search indexes), written with db/'s portable column builders and
 * mapped as kit/entity.ts maps fields,
 * so the schema test finds nothing pending. It is a starting point that gets
 * committed: later changes to a declaration get a migration of their own.
 */
export function migrationSource(className: string, timestamp: number, declared: AnyResource[]): string {
  const creates = declared.map((resource) => {
    const columns = Object.entries(resource.fields).map(([name, spec]) => columnSource(name, spec));
    // Updatable records carry a version (kit/entity.ts), as the AuditTrail migration gave every such table.
    if (isVersioned(resource)) columns.push(`int("version", { isNullable: false, default: 1 })`);
    const indexed = Object.entries(resource.fields).filter(([, spec]) => isIndexed(spec) && !isLongText(spec));
    const searched = searchFieldsOf(resource);
    // As kit/entity.ts: the declared indexes, or one per indexed field and createdAt.
    const indices = resource.indexes
      ? resource.indexes.map((list) => `index(table, ${JSON.stringify(list)})`)
      : [
          ...indexed.map(([name, spec]) => `index(table, [${JSON.stringify(name)}]${spec.unique ? ", true" : ""})`),
          `index(table, ["createdAt"])`,
        ];
    return [
      `    {`,
      `      const table = ${JSON.stringify(resource.table)};`,
      `      await qr.createTable(`,
      `        new Table({`,
      `          name: table,`,
      `          columns: [id(), ${columns.join(", ")}, ...timestamps()],`,
      `          indices: [${indices.join(", ")}],`,
      `        }),`,
      `      );`,
      ...(searched.length ? [`      await createSubstringSearch(qr, table, ${JSON.stringify(searched)});`] : []),
      `    }`,
    ].join("\n");
  });
  const drops = declared.flatMap((resource) => [
    ...(searchFieldsOf(resource).length ? [`    await dropSubstringSearch(qr, ${JSON.stringify(resource.table)});`] : []),
    `    await qr.dropTable(${JSON.stringify(resource.table)});`,
  ]);
  return `import { MigrationInterface, QueryRunner, Table } from "typeorm";
import { bool, datetime, id, index, int, isMysql, longText, text, timestamps, varchar } from "./columns";
import { createSubstringSearch, dropSubstringSearch } from "./substringSearch";

/** The tables of ${declared.map((resource) => resource.name).join(", ")} (written by \`npm run migration -w gateway\`). */
export class ${className}${timestamp} implements MigrationInterface {
  name = "${className}${timestamp}";

  async up(qr: QueryRunner): Promise<void> {
${creates.join("\n")}
  }

  async down(qr: QueryRunner): Promise<void> {
${drops.join("\n")}
  }
}
`;
}

const required = (spec: FieldSpec) => (spec.required ? ", { isNullable: false }" : "");

/** One column, as kit/entity.ts maps the field. */
function columnSource(name: string, spec: FieldSpec): string {
  const quoted = JSON.stringify(name);
  switch (spec.kind) {
    case "string":
      return `varchar(${quoted}, ${spec.max}${required(spec)})`;
    case "text":
    case "html":
      return spec.required ? `{ ...longText(qr, ${quoted}), isNullable: false }` : `longText(qr, ${quoted})`;
    case "blocks":
    case "permissions":
    case "strings":
      return `text(${quoted})`;
    case "int":
      return `int(${quoted}${required(spec)})`;
    case "bool":
      return `bool(${quoted}, ${spec.default})`;
    case "address":
      return `varchar(${quoted}, 42${required(spec)})`;
    case "amount":
      return `varchar(${quoted}, 78${required(spec)})`;
    case "uint":
      return `{ name: ${quoted}, ...(isMysql(qr) ? { type: "decimal", precision: 65, scale: 0 } : { type: "varchar", length: "78" }), isNullable: ${!spec.required} }`;
    case "datetime":
      return `{ ...datetime(${quoted}), isNullable: ${!spec.required} }`;
    case "image":
      return `varchar(${quoted}, 255${required(spec)})`;
    case "constant":
      return `varchar(${quoted}, 64)`;
  }
}
