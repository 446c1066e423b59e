import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { getNamedType, getNullableType, isListType, isObjectType, type GraphQLObjectType } from "graphql";
import { SCREENS } from "../../src/registry";
import { fakeChain } from "../support/chainScreenMocks";
import { setupUser } from "../support/helpers";
import { listTypes, schema, sortableFields, type Row } from "../support/fakeGateway";
import { renderApp, shownLocation, signIn } from "../support/render";
import { gateway } from "../support/setup";

jest.mock("../../src/chain/reads", () => require("../support/chainScreenMocks").readsMock());
jest.mock("../../src/chain/transactions", () => require("../support/chainScreenMocks").transactionsMock());
jest.mock("../../src/chain/config", () => require("../support/chainScreenMocks").configMock());
jest.mock("../../src/chain/WalletProvider", () => require("../support/chainScreenMocks").walletProviderMock());

/**
 * Every list sorts by every column that shows a text, number or date value:
 * each such header has react-admin's sort button, and
 * pressing it sends a sortField the gateway declares sortable (the fake
 * gateway refuses others, as the gateway does). The headers without one are
 * named here with the reason.
 */
const NOT_VALUES = new Set([
  "S.No",
  "Image",
  "Edit",
  "Delete",
  "Action",
  "Show/Hide",
  "Status",
  "Approved",
  "Activity",
  "Progress",
  "Restore",
  "End sessions",
  "Built-in",
  "Requires two-factor",
]);
/** Value columns that do not sort, and why. */
const UNSORTED: Record<string, string> = {
  Changes: "the changed fields of an event: long JSON text, not indexable",
  Arguments: "the decoded call arguments: long JSON text",
  Comments: "long text",
  Value: "a setting's value: long text",
  "On chain": "read from the chain, not stored",
  Users: "a role's users, counted when the roles are read, not a stored column",
};

const plurals = new Map([...listTypes()].map(([plural, type]) => [type, plural]));
const ADDRESS = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

/** One row of a type, every field filled with a value its column can show. */
function sampleRow(type: string, fixed: Row = {}): Row {
  const object = schema.getType(type);
  const row: Row = {};
  if (!isObjectType(object)) return row;
  for (const [name, definition] of Object.entries((object as GraphQLObjectType).getFields())) {
    if (isListType(getNullableType(definition.type))) {
      row[name] = [];
      continue;
    }
    const scalar = getNamedType(definition.type).name;
    if (scalar === "Int" || scalar === "Float") row[name] = 1;
    else if (scalar === "Boolean") row[name] = true;
    else if (scalar === "String" || scalar === "ID") {
      if (/address|wallet|buyer|contract$/i.test(name)) row[name] = ADDRESS;
      else if (/hash$/i.test(name)) row[name] = `0x${"ab".repeat(32)}`;
      else if (/At$/.test(name)) row[name] = "2024-05-01T10:00:00.000Z";
      else if (/^(args|changes)$/.test(name)) row[name] = "[]";
      else if (/^(allocation|amountPaid|tokens)$/.test(name)) row[name] = "1000000000000000000";
      else if (name === "imageUri") row[name] = "x.png";
      else row[name] = "Alpha";
    }
  }
  return { ...row, transport: "graphql", operation: "update", status: "success", result: "success", role: "admin", ...fixed };
}

const lists = SCREENS.filter((s) => s.list && s.type);

// Each list presses up to ten headers, each a request and a render: 3 s on a quiet machine, past jest's 30 s
// when CI loads both cores.
jest.setTimeout(120_000);

describe("every list sorts by every value column", () => {
  beforeEach(() => {
    signIn();
    fakeChain.reset();
    fakeChain.readBlacklisted.mockImplementation(async (addresses: string[]) => new Map(addresses.map((a) => [a, true])));
  });

  it.each(lists.map((s) => [s.route, s] as const))("%s", async (route, s) => {
    const plural = plurals.get(s.type!)!;
    gateway.seed(s.type!, [sampleRow(s.type!, { ...s.filter, ...s.defaults })]);
    const user = setupUser();
    renderApp(`/${route}`);
    const table = await screen.findByRole("table");
    await waitFor(() => expect(within(table).getAllByRole("row").length).toBeGreaterThan(1));
    const headers = within(table).getAllByRole("columnheader");
    for (const header of headers) {
      const label = header.textContent?.trim() ?? "";
      const button = header.querySelector(".MuiTableSortLabel-root");
      if (!button) {
        expect([route, label, NOT_VALUES.has(label) || label in UNSORTED]).toEqual([route, label, true]);
        continue;
      }
      const before = gateway.callsOf(`all${plural}`).length;
      await user.click(button);
      await waitFor(() => expect(gateway.callsOf(`all${plural}`).length).toBeGreaterThan(before));
      const { sortField } = gateway.lastCall(`all${plural}`).variables;
      expect([route, label, sortableFields(plural)]).toEqual([route, label, expect.arrayContaining([sortField])]);
    }
  });

  it("keeps the sort over a reload (the list's parameters are in the address)", async () => {
    gateway.seed("News", [sampleRow("News", { heading: "Alpha" }), sampleRow("News", { heading: "Beta" })]);
    const user = setupUser();
    renderApp("/News");
    const heading = await screen.findByRole("columnheader", { name: /Heading/ });
    await user.click(heading.querySelector(".MuiTableSortLabel-root")!);
    await waitFor(() => expect(gateway.lastCall("allNews").variables).toMatchObject({ sortField: "heading", sortOrder: "ASC" }));
    await user.click(heading.querySelector(".MuiTableSortLabel-root")!);
    await waitFor(() => expect(gateway.lastCall("allNews").variables).toMatchObject({ sortField: "heading", sortOrder: "DESC" }));
    const address = `${shownLocation.pathname}${shownLocation.search}`;
    cleanup();
    gateway.calls.length = 0;
    renderApp(address);
    await screen.findAllByText("Beta");
    expect(gateway.lastCall("allNews").variables).toMatchObject({ sortField: "heading", sortOrder: "DESC" });
    const rows = within(await screen.findByRole("table")).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Beta");
    const arrow = screen.getByRole("columnheader", { name: /Heading/ }).querySelector(".MuiTableSortLabel-root");
    expect(arrow).toHaveClass("Mui-active", "MuiTableSortLabel-directionDesc");
  });
});
