import { resources } from "../../src/resources";
import type { AnyResource } from "../../src/resources/kit/define";
import type { FieldSpec } from "../../src/resources/kit/fields";
import { sortFieldsOf } from "../../src/resources/kit/query";
import { errorCode, startSignedIn, TestApp } from "../support/testApp";

/**
 * Every list sorts by every field its resource declares sortable, both ways,
 * on both engines: three rows are written straight to the table with values
 * whose order differs from the rows' ids, and each sortable field must give
 * them back in its order (and reversed).
 */

/** The value a field takes in the row of rank 0, 1 or 2 (ranks differ from the rows' order). */
function valueOf(spec: FieldSpec, rank: number, row: number): unknown {
  const text = `s${rank}-${row}`;
  switch (spec.kind) {
    case "string":
    case "address":
    case "amount":
    case "constant":
    case "image":
      return spec.kind === "image" ? `${text}.png` : text;
    case "text":
    case "html":
      return text;
    case "int":
      return 10 + rank;
    case "uint":
      return `${rank}${"0".repeat(20)}`;
    case "bool":
      return rank % 2 === 0;
    case "datetime":
      return new Date(Date.UTC(2024, 0, 1 + rank));
    case "blocks":
    case "permissions":
    case "strings":
      return "[]";
  }
}

/** Row i holds rank RANKS[i]: ascending, the rows come 1, 2, 0. */
const RANKS = [2, 0, 1];

describe("every declared sortable field sorts, both ways", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn({ seed: false }));
  });
  afterAll(() => app.close());

  const insertRows = async (r: AnyResource) => {
    const repo = app.services.ds.getRepository(r.name);
    const ids: number[] = [];
    for (const [row, rank] of RANKS.entries()) {
      const values: Record<string, unknown> = {
        createdAt: new Date(Date.UTC(2030, 0, 1 + rank)),
        updatedAt: new Date(Date.UTC(2030, 1, 1 + rank)),
      };
      for (const [name, spec] of Object.entries(r.fields)) values[name] = valueOf(spec, rank, row);
      const saved = await repo.save(repo.create(values));
      ids.push(Number(saved.id));
    }
    return ids;
  };

  it.each(resources.map((r) => [r.name, r] as const))("%s", async (_name, r) => {
    const ids = await insertRows(r);
    const list = async (sortField: string, sortOrder: string) => {
      const res = await app.gql(
        `query($s: String, $o: String, $f: ${r.name}Filter) { all${r.plural}(sortField: $s, sortOrder: $o, filter: $f) { id } }`,
        { s: sortField, o: sortOrder, f: { ids: ids.map(String) } },
        token,
      );
      expect([sortField, res.body.errors]).toEqual([sortField, undefined]);
      return [sortField, res.body.data[`all${r.plural}`].map((x: { id: string }) => Number(x.id))];
    };
    const byRank = [1, 2, 0].map((i) => ids[i]);
    for (const field of sortFieldsOf(r)) {
      const ascending = field === "id" ? ids : byRank;
      expect(await list(field, "ASC")).toEqual([field, ascending]);
      expect(await list(field, "DESC")).toEqual([field, [...ascending].reverse()]);
    }
  });

  it("answers an unknown or unsortable sortField with BAD_USER_INPUT naming it", async () => {
    for (const field of ["nope", "description", "passwordHash"]) {
      const query = field === "passwordHash" ? "allUsers" : "allNews";
      const res = await app.gql(`query($s: String) { ${query}(sortField: $s) { id } }`, { s: field }, token);
      expect(errorCode(res)).toBe("BAD_USER_INPUT");
      expect(JSON.stringify(res.body.errors)).toContain(`Cannot sort by ${field}`);
    }
  });
});
