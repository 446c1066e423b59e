import { screen, waitFor, within } from "@testing-library/react";
import { enter, findDialog, openRow } from "../support/helpers";
import { signIn } from "../support/render";
import { gateway } from "../support/setup";

beforeEach(() => signIn());

/** Another admin saves the record in the fake gateway's store meanwhile. */
function savedByOther(type: string, id: string, values: Record<string, unknown>) {
  const row = gateway.rows(type).find((r) => r.id === id)!;
  Object.assign(row, values, { version: row.version + 1, savedBy: "bob", updatedAt: "2024-05-02T09:30:00.000Z" });
}

async function editSettingThenConflict() {
  gateway.seed("Setting", [{ name: "site_name", value: "Presale Staking" }]);
  const { user, row } = await openRow("/setting", "site_name");
  await user.click(within(row).getByRole("button", { name: "Edit" }));
  const dialog = await findDialog();
  const value = await within(dialog).findByLabelText("Value");
  await user.clear(value);
  await enter(user, value, "Mine");
  savedByOther("Setting", "1", { value: "Theirs" });
  await user.click(within(dialog).getByRole("button", { name: "Update" }));
  const alert = await within(dialog).findByRole("alert");
  return { user, dialog, alert };
}

describe("no silent overwrite", () => {
  it("sends the loaded version; a stale save shows who saved meanwhile and keeps the user's values", async () => {
    const { dialog, alert } = await editSettingThenConflict();
    expect(gateway.lastCall("updateSetting").variables).toMatchObject({ id: "1", value: "Mine", expectedVersion: 1 });
    expect(alert).toHaveTextContent("Someone else changed this record since you opened it");
    expect(alert).toHaveTextContent(`Saved by bob at ${new Date("2024-05-02T09:30:00.000Z").toLocaleString()}`);
    expect(within(dialog).getByLabelText("Value")).toHaveValue("Mine");
    expect(gateway.rows("Setting")[0].value).toBe("Theirs");
  });

  it("'Reload their version' puts their values in the form; the next save is based on their version", async () => {
    const { user, dialog, alert } = await editSettingThenConflict();
    await user.click(within(alert).getByRole("button", { name: "Reload their version" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Value")).toHaveValue("Theirs"));
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    await enter(user, within(dialog).getByLabelText("Value"), " and mine");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(gateway.rows("Setting")[0].value).toBe("Theirs and mine"));
    expect(gateway.lastCall("updateSetting").variables).toMatchObject({ expectedVersion: 2 });
  });

  it("'Overwrite' names the field it replaces, then saves the user's values over the current version", async () => {
    const { user, alert } = await editSettingThenConflict();
    await user.click(within(alert).getByRole("button", { name: "Overwrite" }));
    const confirm = await screen.findByRole("dialog", { name: "Overwrite their changes?" });
    expect(confirm).toHaveTextContent("Your values replace their newer ones in: Value.");
    await user.click(within(confirm).getByRole("button", { name: "Overwrite" }));
    await waitFor(() => expect(gateway.rows("Setting")[0].value).toBe("Mine"));
    expect(gateway.lastCall("updateSetting").variables).toMatchObject({ value: "Mine", expectedVersion: 2 });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("the History tab", () => {
  const revisions = [
    {
      eventId: "12",
      createdAt: "2024-05-03T08:00:00.000Z",
      actorName: "carol",
      operation: "update",
      fields: ["heading"],
      values: JSON.stringify({ heading: "Staking v3", description: "<p>Lock <b>periods</b></p>", visible: true, imageUri: "staking.png" }),
    },
    {
      eventId: "7",
      createdAt: "2024-05-01T08:00:00.000Z",
      actorName: "admin",
      operation: "create",
      fields: ["heading", "description", "visible", "imageUri"],
      values: JSON.stringify({ heading: "Staking v2", description: "<p>Lock <b>periods</b></p>", visible: true, imageUri: "staking.png" }),
    },
  ];

  beforeEach(() => {
    gateway.seed("News", [
      { heading: "Staking v3", description: "<p>Lock <b>periods</b></p>", imageUri: "staking.png", visible: true, version: 2 },
    ]);
    gateway.resolvers.revisions = () => revisions;
    gateway.resolvers.restoreRevision = ({ eventId }) => {
      const row = gateway.rows("News")[0];
      Object.assign(row, JSON.parse(revisions.find((r) => r.eventId === eventId)!.values), { version: row.version + 1 });
      return {
        id: "13",
        createdAt: new Date().toISOString(),
        actorName: "admin",
        transport: "graphql",
        resource: "News",
        recordId: "1",
        operation: "restore",
        changes: "[]",
      };
    };
  });

  async function openHistory() {
    const { user, row } = await openRow("/news", "Staking v3");
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    await within(dialog).findByLabelText("Heading");
    await user.click(within(dialog).getByRole("tab", { name: "History" }));
    const list = await within(dialog).findByRole("table", { name: "History" });
    return { user, dialog, list };
  }

  it("lists the record's revisions: when, who, which fields", async () => {
    const { list } = await openHistory();
    expect(gateway.lastCall("revisions").variables).toEqual({ resource: "News", id: "1" });
    const rows = within(list).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("carol");
    expect(rows[0]).toHaveTextContent("Updated");
    expect(rows[0]).toHaveTextContent(new Date("2024-05-03T08:00:00.000Z").toLocaleString());
    expect(rows[1]).toHaveTextContent("admin");
    expect(rows[1]).toHaveTextContent("Created");
    expect(within(rows[1]).getByText("Description")).toBeInTheDocument();
    // Fields by their form labels, not their stored names.
    expect(within(rows[1]).getByText("Image")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Show/Hide")).toBeInTheDocument();
    expect(rows[1]).not.toHaveTextContent(/imageUri|visible/);
  });

  it("compares a revision with the current values, the changed fields highlighted and rich text readable", async () => {
    const { user, dialog, list } = await openHistory();
    await user.click(within(within(list).getAllByRole("row")[2]).getByRole("button", { name: "Compare" }));
    const comparison = within(dialog).getByRole("table", { name: "This revision beside the current values" });
    const heading = within(comparison).getByRole("rowheader", { name: "Heading" }).closest("tr")!;
    expect(heading).toHaveAttribute("data-changed", "true");
    expect(heading).toHaveTextContent("Staking v2");
    expect(heading).toHaveTextContent("Staking v3");
    const description = within(comparison).getByRole("rowheader", { name: "Description" }).closest("tr")!;
    expect(description).not.toHaveAttribute("data-changed");
    expect(description).toHaveTextContent("Lock periods");
    expect(description).not.toHaveTextContent("<b>");
    const image = within(comparison).getByRole("rowheader", { name: "Image" }).closest("tr")!;
    expect(within(image).getAllByRole("img", { name: "Image" })[0]).toHaveAttribute(
      "src",
      expect.stringMatching(/\/Images\/staking\.png$/),
    );
    expect(image).not.toHaveTextContent("staking.png");
    expect(within(comparison).getByRole("rowheader", { name: "Show/Hide" }).closest("tr")).toHaveTextContent("VisibleVisible");
  });

  it("restores a revision after a confirmation, then shows the restored record", async () => {
    const { user, dialog, list } = await openHistory();
    await user.click(within(within(list).getAllByRole("row")[2]).getByRole("button", { name: "Compare" }));
    await user.click(within(dialog).getByRole("button", { name: "Restore" }));
    const confirm = await screen.findByRole("dialog", { name: "Restore this revision?" });
    expect(gateway.callsOf("restoreRevision")).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(gateway.lastCall("restoreRevision")?.variables).toEqual({ eventId: "7" }));
    expect(await screen.findByText("Revision restored")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("tab", { name: "Details" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Heading")).toHaveValue("Staking v2"));
  });
});

describe("the History tab of a landing block", () => {
  const block = (title: string, imageUri: string | null) => ({ title, description: "Lock 90 days", imageUri });
  const values = {
    identifier: "landing_banner01",
    pageName: "Home",
    title: "Stake smarter",
    description: "Rewards every block",
    blocks: [block("Fixed APR", "apr.png"), block("Audited", null)],
    imageUri: "staking.png",
    visible: true,
  };

  it("shows the content blocks part by part, by their form labels, images as thumbnails", async () => {
    gateway.seed("LandingBlock", [{ ...values, blocks: [block("Fixed APR", "apr.png")], version: 2 }]);
    gateway.resolvers.revisions = () => [
      {
        eventId: "5",
        createdAt: "2024-05-01T08:00:00.000Z",
        actorName: "admin",
        operation: "create",
        fields: ["pageName", "blocks"],
        values: JSON.stringify(values),
      },
    ];
    const { user, row } = await openRow("/Home", "Stake smarter");
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    await user.click(await within(dialog).findByRole("tab", { name: "History" }));
    const list = await within(dialog).findByRole("table", { name: "History" });
    expect(within(list).getByText("Page")).toBeInTheDocument();
    await user.click(within(list).getByRole("button", { name: "Compare" }));
    const comparison = within(dialog).getByRole("table", { name: "This revision beside the current values" });
    const blocks = within(comparison).getByRole("rowheader", { name: "Blocks" }).closest("tr")!;
    expect(blocks).toHaveAttribute("data-changed", "true");
    const [revision] = within(blocks).getAllByRole("cell");
    expect(revision).toHaveTextContent("Content block 1Title: Fixed APRDescription: Lock 90 daysImage:");
    expect(revision).toHaveTextContent("Content block 2Title: Audited");
    expect(within(revision).getByRole("img", { name: "Image" })).toHaveAttribute("src", expect.stringMatching(/\/Images\/apr\.png$/));
    expect(comparison.textContent).not.toMatch(/[{}"]|imageUri/);
  });
});
