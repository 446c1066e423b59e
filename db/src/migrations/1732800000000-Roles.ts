import { MigrationInterface, QueryRunner, Table } from "typeorm";
import { bool, id, index, int, text, timestamps, varchar } from "./columns";
import { createSearchIndex, dropSearchIndex } from "./search";

/**
 * Roles with permissions. The built-in roles are rows (their grids
 * are the gateway's, from the resource declarations); `staff` is a custom role
 * whose grid is exactly what every approved non-admin could do before this
 * upgrade, and every existing non-admin user gets it, so nobody gains or loses
 * access by upgrading. Users created afterwards get the role they are given.
 */
const STAFF_PERMISSIONS = [
  { resource: "About", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "Feature", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "FeatureDescription", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "Roadmap", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "LandingBlock", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "HomeImage", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "HomePage", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "Setting", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "News", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "NewsDescription", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "Article", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "ArticleImage", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "ContactMessage", actions: ["read", "delete", "export"] },
  { resource: "Pool", actions: ["read", "create", "update", "delete", "export", "chain"] },
  { resource: "IpWhitelistEntry", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "LaunchPad", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "BlocklistEntry", actions: ["read", "create", "update", "delete", "export", "chain"] },
  { resource: "ChainTransaction", actions: ["read", "export"] },
];

const BUILT_IN = ["admin", "editor", "sale-operator", "viewer"];

export class Roles1732800000000 implements MigrationInterface {
  name = "Roles1732800000000";

  async up(qr: QueryRunner): Promise<void> {
    const table = "roles";
    await qr.createTable(
      new Table({
        name: table,
        columns: [
          id(),
          varchar("name", 20, { isNullable: false }),
          bool("builtIn", false),
          text("permissions"),
          bool("requireTwoFactor", false),
          text("ipAllowlist"),
          int("version", { isNullable: false, default: 1 }),
          ...timestamps(),
        ],
        indices: [index(table, ["name"], true), index(table, ["createdAt"])],
      }),
    );
    await createSearchIndex(qr, table, ["name"]);
    // Raw SQL: the gateway's entity of this table (JSON columns) must not shape what a frozen migration writes.
    const now = new Date().toISOString().slice(0, 19).replace("T", " ");
    const role = (name: string, builtIn: boolean, permissions: unknown) =>
      qr.query(
        "INSERT INTO roles (name, builtIn, permissions, requireTwoFactor, ipAllowlist, version, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [name, builtIn ? 1 : 0, JSON.stringify(permissions), 0, "[]", 1, now, now],
      );
    for (const name of BUILT_IN) await role(name, true, []);
    await role("staff", false, STAFF_PERMISSIONS);
    // Before: "admin" or any other name (the gateway only wrote "editor") meant every non-admin right.
    await qr.query("UPDATE users SET role = 'staff' WHERE role <> 'admin'");
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query("UPDATE users SET role = 'editor' WHERE role <> 'admin'");
    await dropSearchIndex(qr, "roles");
    await qr.dropTable("roles");
  }
}
