import { readFileSync } from "fs";
import path from "path";
import { introspectionForAdmin, printedSchema } from "../../src/graphql/schema";
import { startTestApp, TestApp } from "../support/testApp";

describe("schema", () => {
  it("matches the committed gateway/schema.graphql (run `npm run schema -w gateway` after changing it)", async () => {
    const committed = readFileSync(path.join(__dirname, "../../schema.graphql"), "utf8");
    expect(await printedSchema()).toBe(committed);
  });

  it("is shipped to the admin as admin/src/providers/schema.json (the same command writes it)", async () => {
    const shipped = readFileSync(path.join(__dirname, "../../../admin/src/providers/schema.json"), "utf8");
    expect(shipped).toBe(await introspectionForAdmin());
  });

  describe("migrations", () => {
    let app: TestApp;
    beforeAll(async () => (app = await startTestApp()));
    afterAll(() => app.close());

    it("create exactly the tables, columns and indexes the entities declare", async () => {
      const pending = await app.services.ds.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    });

    it("are recorded, so a second start runs none", async () => {
      expect(await app.services.ds.showMigrations()).toBe(false);
    });
  });
});
