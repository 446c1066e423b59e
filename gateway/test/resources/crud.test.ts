import { resources } from "../../src/resources";
import { errorCode, startSignedIn, TEST_DB, TestApp } from "../support/testApp";
import { mutationSignature, sampleInput, selection, sortableField } from "../support/samples";
import { files } from "../support/files";
import { Wallet } from "ethers";
import type { FieldSpec } from "../../src/resources/kit/fields";
import { searchFieldsOf } from "../../src/resources/kit/query";

/** A changed value for a string field with a format. */
const CHANGED_BY_FORMAT = { email: "changed@example.com", url: "https://example.com/changed", ip: "192.168.1.1" } as const;

function updatedValue(spec: FieldSpec, current: unknown): unknown {
  switch (spec.kind) {
    case "int":
      return (spec.max ?? 100) === current ? (spec.min ?? 0) : (spec.max ?? 100);
    case "bool":
      return !current;
    case "amount":
      return "42";
    case "html":
      return "<p>changed</p>";
    case "address":
      return Wallet.createRandom().address;
    case "string":
      return spec.format ? CHANGED_BY_FORMAT[spec.format] : "changed";
    default:
      return "changed";
  }
}

/**
 * Every declared resource, through GraphQL as an integrator calls it: create,
 * read, update, delete, and lists with paging, sorting and filtering.
 */
// A resource with no mutation at all (the chain transaction history) is written by its own mutation: see chain/chainService.test.ts.
const writable = resources.filter((r) => r.operations.create || r.operations.update || r.operations.delete);

describe.each(writable.map((r) => [r.name, r] as const))("%s through GraphQL", (_name, r) => {
  let app: TestApp;
  let token: string;
  const created: Record<string, any>[] = [];
  const sel = selection(r);

  beforeAll(async () => {
    ({ app, token } = await startSignedIn());
  });
  afterAll(() => app.close());

  const list = (args: string, filter?: Record<string, unknown>) =>
    app.gql(
      `query($f: ${r.name}Filter) { all${r.plural}(${args} filter: $f) { ${sel} } _all${r.plural}Meta(filter: $f) { count } }`,
      { f: filter },
      token,
    );

  if (r.operations.create) {
    it("creates records, storing every field and image", async () => {
      const { decl, pass } = mutationSignature(r);
      for (const seq of [1, 2, 3]) {
        const sample = sampleInput(r, seq);
        const res = await app.upload(`mutation(${decl}) { create${r.name}(${pass}) { ${sel} } }`, sample.vars, sample.files, token);
        expect(res.body.errors).toBeUndefined();
        const record = res.body.data[`create${r.name}`];
        for (const [name, spec] of Object.entries(r.fields)) {
          if (spec.hidden || spec.kind === "image" || spec.kind === "constant" || spec.kind === "address") continue;
          if (spec.kind === "html" || spec.kind === "blocks") continue;
          if (name in sample.vars && !spec.readOnly) expect(record[name]).toEqual(sample.vars[name]);
        }
        for (const [name, spec] of Object.entries(r.fields)) {
          if (spec.kind === "constant") expect(record[name]).toBe(spec.value);
          if (spec.kind === "address" && name in sample.vars)
            expect(record[name].toLowerCase()).toBe(String(sample.vars[name]).toLowerCase());
          if (spec.kind === "image") {
            const served = await app.http.get(`/Images/${record[name]}`).buffer(true);
            expect(served.status).toBe(200);
            expect(Buffer.compare(served.body, files.png)).toBe(0);
          }
        }
        created.push(record);
      }
      // Users start with the seeded admin, roles with the four built-in ones and staff (the Roles migration).
      const res = await list("");
      expect(res.body.data[`_all${r.plural}Meta`].count).toBe(r.name === "User" ? 4 : r.name === "Role" ? 8 : 3);
    });

    it("reads one record by id", async () => {
      const res = await app.gql(`query($id: ID!) { ${r.name}(id: $id) { ${sel} } }`, { id: created[0].id }, token);
      expect(res.body.data[r.name]).toEqual(created[0]);
    });

    it("pages, sorts and filters on the server", async () => {
      const page0 = await list('page: 0, perPage: 2, sortField: "id", sortOrder: "DESC",');
      const ids = page0.body.data[`all${r.plural}`].map((x: { id: string }) => x.id);
      expect(ids).toHaveLength(2);
      expect(Number(ids[0])).toBeGreaterThan(Number(ids[1]));
      const page1 = await list('page: 1, perPage: 2, sortField: "id", sortOrder: "DESC",');
      expect(page1.body.data[`all${r.plural}`].map((x: { id: string }) => x.id)).not.toContain(ids[0]);

      const field = sortableField(r);
      if (field) {
        const asc = await list(`sortField: "${field}", sortOrder: "ASC",`, { ids: created.map((c) => c.id) });
        const desc = await list(`sortField: "${field}", sortOrder: "DESC",`, { ids: created.map((c) => c.id) });
        const ascending = asc.body.data[`all${r.plural}`].map((x: any) => x[field]);
        // MySQL's collation orders text case-insensitively, SQLite's by code point.
        const key = (v: unknown) => (typeof v === "string" && TEST_DB === "mysql" ? v.toLowerCase() : v) as string;
        expect(ascending).toEqual([...ascending].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0)));
        expect(desc.body.data[`all${r.plural}`].map((x: any) => x[field])).toEqual([...ascending].reverse());
      }

      const byIds = await list("", { ids: [created[1].id] });
      expect(byIds.body.data[`all${r.plural}`]).toEqual([created[1]]);
      expect(byIds.body.data[`_all${r.plural}Meta`].count).toBe(1);
    });

    it("searches text with q", async () => {
      const textField = Object.entries(r.fields).find(
        ([, s]) => !s.hidden && ((s.kind === "string" && !s.oneOf) || s.kind === "text"),
      )?.[0];
      if (!textField) return;
      const needle = String(created[2][textField]).slice(-8);
      const res = await list("", { q: needle });
      const found = res.body.data[`all${r.plural}`].map((x: { id: string }) => x.id);
      expect(found).toContain(created[2].id);
      // DataTables' filter: every term a substring of a searched field, in any case (a random address may hold "2").
      const holds = (row: Record<string, unknown>) =>
        needle
          .toLowerCase()
          .split(" ")
          .every((term) =>
            searchFieldsOf(r).some((field) =>
              String(row[field] ?? "")
                .toLowerCase()
                .includes(term),
            ),
          );
      for (const row of created) expect([row.id, found.includes(row.id)]).toEqual([row.id, holds(row)]);
      const none = await list("", { q: "no-such-text-%_" });
      expect(none.body.data[`_all${r.plural}Meta`].count).toBe(0);
    });
  }

  if (r.operations.update) {
    it("updates a record, leaving the fields not sent unchanged", async () => {
      const target = created[0];
      const [field, spec] = Object.entries(r.fields).find(
        ([, s]) =>
          !s.hidden &&
          !s.readOnly &&
          !s.immutable &&
          s.kind !== "constant" &&
          s.kind !== "blocks" &&
          s.kind !== "permissions" &&
          s.kind !== "strings" &&
          !(s.kind === "string" && s.oneOf),
      )!;
      let res;
      if (spec.kind === "image") {
        res = await app.upload(
          `mutation($id: ID!, $f: Upload) { update${r.name}(id: $id, ${spec.upload}: $f) { ${sel} } }`,
          { id: target.id, f: null },
          { f: files.png2 },
          token,
        );
      } else {
        const value = updatedValue(spec, target[field]);
        const type = spec.kind === "int" ? "Int" : spec.kind === "bool" ? "Boolean" : "String";
        res = await app.gql(
          `mutation($id: ID!, $v: ${type}) { update${r.name}(id: $id, ${field}: $v) { ${sel} } }`,
          { id: target.id, v: value },
          token,
        );
      }
      expect(res.body.errors).toBeUndefined();
      const updated = res.body.data[`update${r.name}`];
      expect(updated[field]).not.toEqual(target[field]);
      if (spec.kind === "image")
        expect(Buffer.compare((await app.http.get(`/Images/${updated[field]}`).buffer(true)).body, files.png2)).toBe(0);
      for (const other of Object.keys(r.fields))
        if (other !== field && !r.fields[other].hidden) expect(updated[other]).toEqual(target[other]);
      expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(target.updatedAt).getTime());
      created[0] = updated;
    });
  }

  if (!r.operations.create) {
    it("lists and reads records that arrive from elsewhere, and offers no create or update", async () => {
      await app.close();
      ({ app, token } = await startSignedIn({ seed: true }));
      const res = await list('sortField: "createdAt", sortOrder: "DESC",');
      const rows = res.body.data[`all${r.plural}`];
      expect(rows.length).toBeGreaterThan(1);
      created.push(...rows);
      const schema = await app.gql(`{ __schema { mutationType { fields { name } } } }`);
      const names = schema.body.data.__schema.mutationType.fields.map((f: { name: string }) => f.name);
      expect(names).not.toContain(`create${r.name}`);
      expect(names).not.toContain(`update${r.name}`);
    });
  }

  if (r.operations.delete) {
    it("deletes a record, which is then not found", async () => {
      const res = await app.gql(`mutation($id: ID!) { delete${r.name}(id: $id) { id } }`, { id: created[2].id }, token);
      expect(res.body.data[`delete${r.name}`].id).toBe(created[2].id);
      const gone = await app.gql(`query($id: ID!) { ${r.name}(id: $id) { id } }`, { id: created[2].id }, token);
      expect(errorCode(gone)).toBe("NOT_FOUND");
      const again = await app.gql(`mutation($id: ID!) { delete${r.name}(id: $id) { id } }`, { id: created[2].id }, token);
      expect(errorCode(again)).toBe("NOT_FOUND");
    });
  }
});
