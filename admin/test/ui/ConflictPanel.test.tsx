import { screen, waitFor, within } from "@testing-library/react";
import { enter, findDialog, openRow, png } from "../support/helpers";
import { signIn } from "../support/render";
import { gateway } from "../support/setup";
import { comparedPaths, mergedValues, mergeFields, sameFormValue } from "../../src/ui/mergeFields";

describe("the three-way merge", () => {
  it("compares values normalised: numbers and numeric texts, no value and an empty text, dates and their ISO text", () => {
    expect(sameFormValue(3, "3")).toBe(true);
    expect(sameFormValue("1.50", 1.5)).toBe(true);
    expect(sameFormValue(null, "")).toBe(true);
    expect(sameFormValue(undefined, null)).toBe(true);
    expect(sameFormValue(new Date("2024-05-01T10:00:00.000Z"), "2024-05-01T10:00:00Z")).toBe(true);
    expect(sameFormValue([{ title: "A", description: null }], [{ title: "A" }])).toBe(true);
    expect(sameFormValue("a", "b")).toBe(false);
    expect(sameFormValue(0, null)).toBe(false);
  });

  it("compares the form's own inputs: no bookkeeping, a list by its items' inputs", () => {
    expect(comparedPaths(["id", "version", "heading", "blocks", "blocks.0.title", "blocks.1.title", "file"])).toEqual([
      "heading",
      "blocks.0.title",
      "blocks.1.title",
      "file",
    ]);
  });

  it("takes what only one side changed, asks for what both changed differently, leaves out what both changed alike", () => {
    const loaded = { heading: "H", description: "D", value: "1", link: "", title: "T" };
    const theirs = { heading: "H theirs", description: "D", value: 1, link: "same", title: "T theirs" };
    const yours = { heading: "H", description: "D yours", value: "1", link: "same", title: "T yours" };
    const rows = mergeFields(["heading", "description", "value", "link", "title"], loaded, theirs, yours);
    expect(rows.map(({ path, outcome }) => [path, outcome])).toEqual([
      ["heading", "theirs"],
      ["description", "yours"],
      ["title", "both"],
    ]);
    expect(rows[2]).toMatchObject({ loaded: "T", theirs: "T theirs", yours: "T yours" });
  });

  it("merges nested fields and keeps their record for what the form does not show; a chosen file is your change", () => {
    const file = { rawFile: new Blob(["png"]), src: "blob:1", title: "new.png" };
    const loaded = { id: "1", version: 1, visible: true, imageUri: "old.png", blocks: [{ title: "A", imageUri: "a.png" }] };
    const theirs = { id: "1", version: 2, visible: false, imageUri: "theirs.png", blocks: [{ title: "A theirs", imageUri: "a.png" }] };
    const yours = { ...loaded, file, blocks: [{ title: "A", imageUri: "a.png" }] };
    const paths = ["file", "blocks.0.title"];
    const uploads = { file: "imageUri" };
    const rows = mergeFields(paths, loaded, theirs, yours, uploads);
    expect(rows.map(({ path, outcome }) => [path, outcome])).toEqual([
      ["file", "both"],
      ["blocks.0.title", "theirs"],
    ]);
    const mine = mergedValues(rows, theirs, yours, paths, { file: "yours" }, uploads);
    expect(mine).toMatchObject({ visible: false, file, blocks: [{ title: "A theirs", imageUri: "a.png" }] });
    const kept = mergedValues(rows, theirs, yours, paths, { file: "theirs" }, uploads);
    expect(kept).toMatchObject({ file: null, imageUri: "theirs.png" });
    // Nothing of the form's own values is changed in place.
    expect(yours.blocks[0].title).toBe("A");
  });
});

/** Another admin saves the news item in the fake gateway's store meanwhile. */
function savedByOther(values: Record<string, unknown>) {
  const row = gateway.rows("News")[0];
  Object.assign(row, values, { version: row.version + 1, savedBy: "bob", updatedAt: "2024-05-02T09:30:00.000Z" });
}

/** Opens the news item, lets `typing` change the form, has `theirs` saved meanwhile, then presses Update and waits for the field table. */
async function conflictOnNews(
  typing: (dialog: HTMLElement, user: Awaited<ReturnType<typeof openRow>>["user"]) => Promise<void>,
  theirs: Record<string, unknown>,
) {
  gateway.seed("News", [{ heading: "Staking v2", description: "Lock periods", imageUri: "staking.png", visible: true }]);
  const { user, row } = await openRow("/News", "Staking v2");
  await user.click(within(row).getByRole("button", { name: "Edit" }));
  const dialog = await findDialog();
  await within(dialog).findByLabelText("Heading");
  await typing(dialog, user);
  savedByOther(theirs);
  await user.click(within(dialog).getByRole("button", { name: "Update" }));
  const alert = await within(dialog).findByRole("alert");
  const table = await within(alert).findByRole("table", { name: "Changes since you opened it" });
  return { user, dialog, alert, table };
}

const fieldRow = (table: HTMLElement, label: string) =>
  within(table)
    .getByRole("rowheader", { name: new RegExp(`^${label}`) })
    .closest("tr")!;

async function retype(user: Awaited<ReturnType<typeof openRow>>["user"], input: HTMLElement, text: string) {
  await user.clear(input);
  await enter(user, input, text);
}

describe("the conflict panel", () => {
  beforeEach(() => signIn());

  it("takes their heading into the form, keeps your description and image, and 'Save merged' sends both over their version", async () => {
    const { user, dialog, alert, table } = await conflictOnNews(
      async (form, typist) => {
        await retype(typist, within(form).getByLabelText("Description"), "Mine");
        await typist.upload(within(form).getByLabelText("Image"), png("new.png"));
      },
      { heading: "Theirs" },
    );
    expect(alert).toHaveTextContent("Saved by bob at");
    await waitFor(() => expect(within(dialog).getByLabelText("Heading")).toHaveValue("Theirs"));
    expect(within(fieldRow(table, "Heading")).getByText("Their change, taken")).toBeInTheDocument();
    expect(fieldRow(table, "Heading")).toHaveTextContent(/Staking v2.*Theirs.*Staking v2/);
    expect(within(fieldRow(table, "Description")).getByText("Your change, kept")).toBeInTheDocument();
    expect(within(fieldRow(table, "Image")).getByText("new.png")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Description")).toHaveValue("Mine");
    expect(within(table).queryByRole("radio")).not.toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: "Save merged" }));
    await waitFor(() => expect(gateway.rows("News")[0]).toMatchObject({ heading: "Theirs", description: "Mine", version: 3 }));
    const call = gateway.lastCall("updateNews");
    expect(call.variables).toMatchObject({ heading: "Theirs", description: "Mine", expectedVersion: 2 });
    expect((call.variables.file as File).name).toBe("new.png");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("asks to pick a heading both changed; the pick goes into the form and is saved", async () => {
    const { user, dialog, alert, table } = await conflictOnNews(
      (form, typist) => retype(typist, within(form).getByLabelText("Heading"), "Mine"),
      {
        heading: "Theirs",
        description: "Their words",
      },
    );
    const heading = fieldRow(table, "Heading");
    expect(within(heading).getByText("Changed by both: pick one")).toBeInTheDocument();
    const save = within(alert).getByRole("button", { name: "Save merged" });
    expect(save).toBeDisabled();
    await user.click(within(heading).getByRole("radio", { name: "Theirs" }));
    expect(within(dialog).getByLabelText("Heading")).toHaveValue("Theirs");
    await user.click(within(heading).getByRole("radio", { name: "Yours" }));
    expect(within(dialog).getByLabelText("Heading")).toHaveValue("Mine");
    expect(within(dialog).getByLabelText("Description")).toHaveValue("Their words");
    await user.click(save);
    await waitFor(() => expect(gateway.rows("News")[0]).toMatchObject({ heading: "Mine", description: "Their words" }));
    expect(gateway.lastCall("updateNews").variables).toMatchObject({ expectedVersion: 2 });
  });

  it("'Overwrite' first names the fields whose newer values it replaces, then saves yours", async () => {
    const { user, alert } = await conflictOnNews((form, typist) => retype(typist, within(form).getByLabelText("Heading"), "Mine"), {
      heading: "Theirs",
      description: "Their words",
    });
    await user.click(within(alert).getByRole("button", { name: "Overwrite" }));
    const confirm = await screen.findByRole("dialog", { name: "Overwrite their changes?" });
    expect(confirm).toHaveTextContent("Your values replace their newer ones in: Heading, Description.");
    expect(gateway.callsOf("updateNews")).toHaveLength(1);
    await user.click(within(confirm).getByRole("button", { name: "Overwrite" }));
    await waitFor(() => expect(gateway.rows("News")[0]).toMatchObject({ heading: "Mine", description: "Lock periods" }));
    expect(gateway.lastCall("updateNews").variables).toMatchObject({ expectedVersion: 2 });
  });

  it("'Overwrite' waits for their version, so its question names the fields (a fast click was told it could not be loaded)", async () => {
    gateway.seed("News", [{ heading: "Staking v2", description: "Lock periods", imageUri: "staking.png", visible: true }]);
    const { user, row } = await openRow("/News", "Staking v2");
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    await retype(user, await within(dialog).findByLabelText("Heading"), "Mine");
    savedByOther({ heading: "Theirs" });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    gateway.answer("News", async ({ id }) => {
      await held;
      return gateway.rows("News").find((news) => String(news.id) === String(id));
    });
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    const alert = await within(dialog).findByRole("alert");
    expect(within(alert).getByRole("status")).toHaveTextContent("Loading their version");
    expect(within(alert).getByRole("button", { name: "Overwrite" })).toBeDisabled();
    release();
    await waitFor(() => expect(within(alert).getByRole("button", { name: "Overwrite" })).toBeEnabled());
    await user.click(within(alert).getByRole("button", { name: "Overwrite" }));
    const confirm = await screen.findByRole("dialog", { name: "Overwrite their changes?" });
    expect(confirm).toHaveTextContent("Your values replace their newer ones in: Heading.");
  });

  it("'Reload their version' keeps what you typed on show until the dialog closes; 'Restore mine' puts it back", async () => {
    const { user, dialog, alert } = await conflictOnNews((form, typist) => retype(typist, within(form).getByLabelText("Heading"), "Mine"), {
      heading: "Theirs",
    });
    await user.click(within(alert).getByRole("button", { name: "Reload their version" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Heading")).toHaveValue("Theirs"));
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    const mine = within(dialog).getByRole("status");
    expect(mine).toHaveTextContent("What you typed before reloading");
    expect(mine).toHaveTextContent("HeadingMine");
    await user.click(within(mine).getByRole("button", { name: "Restore mine" }));
    expect(within(dialog).getByLabelText("Heading")).toHaveValue("Mine");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(gateway.rows("News")[0]).toMatchObject({ heading: "Mine", version: 3 }));
  });

  it("merges a landing block's content blocks: their block title taken, your block image kept, both sent", async () => {
    gateway.seed("LandingBlock", [
      {
        identifier: "landing_banner02",
        pageName: "Home",
        title: "Launchpad",
        blocks: [
          { title: "BNB or USDT", description: "Contribute", imageUri: "launchpad.png" },
          { title: null, description: "Claim after finalise", imageUri: "presale.png" },
        ],
        visible: true,
      },
    ]);
    const { user, row } = await openRow("/Home", "Launchpad");
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    await user.upload(
      await within(dialog).findByLabelText("Block 2 Image"),
      new File([new Uint8Array([0x47, 0x49, 0x46])], "claim.GIF", { type: "image/gif" }),
    );
    const stored = gateway.rows("LandingBlock")[0];
    Object.assign(stored, {
      blocks: [{ ...stored.blocks[0], title: "BNB only" }, stored.blocks[1]],
      version: 2,
      savedBy: "bob",
    });
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    const table = await within(dialog).findByRole("table", { name: "Changes since you opened it" });
    expect(within(fieldRow(table, "Block 1 Title")).getByText("Their change, taken")).toBeInTheDocument();
    expect(within(fieldRow(table, "Block 2 Image")).getByText("claim.GIF")).toBeInTheDocument();
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    await waitFor(() => expect(within(dialog).getByLabelText("Block 1 Title")).toHaveValue("BNB only"));
    await user.click(within(dialog).getByRole("button", { name: "Save merged" }));
    await waitFor(() => expect(gateway.rows("LandingBlock")[0].version).toBe(3));
    const call = gateway.lastCall("updateLandingBlock");
    expect(call.variables).toMatchObject({ expectedVersion: 2, blocks: [{ title: "BNB only" }, { description: "Claim after finalise" }] });
    expect((call.variables.blockFiles as File[]).map((file) => file.name)).toEqual(["launchpad.png", "claim.GIF"]);
  });
});
