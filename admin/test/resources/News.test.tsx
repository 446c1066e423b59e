import { screen, waitFor, within } from "@testing-library/react";
import { enter, openDialog, openRow, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { badInput } from "../support/fakeGateway";
import { gateway } from "../support/setup";

const seedNews = () =>
  gateway.seed("News", [
    { heading: "Staking v2 is live", description: "Lock periods", imageUri: "staking.png", visible: true },
    { heading: "Farms paused", description: "Audit", imageUri: "farms.png", visible: false },
  ]);

describe("News screen", () => {
  beforeEach(() => {
    signIn();
    seedNews();
  });

  it("lists the news with serial numbers, thumbnails and the paging text", async () => {
    renderApp("/News");
    expect(await screen.findByText("Staking v2 is live")).toBeInTheDocument();
    expect(screen.getByText("Farms paused")).toBeInTheDocument();
    expect(screen.getByText("Showing 1 to 2 of 2 records")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Filter in records...")).toBeInTheDocument();
    const img = screen.getByAltText("staking.png") as HTMLImageElement;
    expect(img.src).toMatch(/\/Images\/staking\.png$/);
    expect(img.width).toBe(50);
    const list = gateway.lastCall("allNews");
    expect(list.variables).toMatchObject({ page: 0, perPage: 10, sortField: "createdAt", sortOrder: "DESC" });
  });

  it("refuses a file that is no image at selection on Add News, with the gateway's message, and names what the input takes", async () => {
    const { user, dialog } = await openDialog("/News", "Staking v2 is live", "Add News");
    const input = within(dialog).getByLabelText("Image");
    expect(input).toHaveAccessibleDescription("Takes PNG, JPG, WEBP, GIF, SVG when added; an update takes only PNG, SVG");
    await user.upload(input, new File(["plain text"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText("Allowed Only PNG, JPG, WEBP, GIF, SVG File")).toBeInTheDocument();
    expect(within(dialog).getByText("No file chosen")).toBeInTheDocument();
    await enter(user, within(dialog).getByLabelText("Heading"), "No image");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(gateway.callsOf("createNews")).toHaveLength(1));
    expect(gateway.lastCall("createNews").variables.file ?? null).toBeNull();
  });

  it("adds a news item with its image as a multipart upload", async () => {
    const { user, dialog } = await openDialog("/News", "Staking v2 is live", "Add News", setupUser({ applyAccept: true }));
    await enter(user, within(dialog).getByLabelText("Heading"), "Presale opens");
    await enter(user, within(dialog).getByLabelText("Description"), "Whitelist first");
    const file = new File([new Uint8Array([137, 80, 78, 71])], "open.JPG", { type: "image/jpeg" });
    await user.upload(within(dialog).getByLabelText("Image"), file);
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(gateway.callsOf("createNews")).toHaveLength(1));
    const call = gateway.lastCall("createNews");
    expect(call.multipart).toBe(true);
    expect(call.headers["apollo-require-preflight"]).toBe("true");
    expect(call.headers.authorization).toMatch(/^Bearer /);
    expect(call.variables).toMatchObject({ heading: "Presale opens", description: "Whitelist first" });
    expect((call.variables.file as File).name).toBe("open.JPG");
    expect(await screen.findByText("Presale opens")).toBeInTheDocument();
  });
});

describe("News screen: edit, show/hide, delete", () => {
  beforeEach(() => {
    signIn();
    seedNews();
  });

  it("updates a news item; the update takes PNG or SVG only", async () => {
    // The chooser's accept list is a hint a user can override: check the rule itself.
    const { user, row } = await openRow("/News", "Staking v2 is live", setupUser());
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Update News" })).toBeInTheDocument();
    const heading = await within(dialog).findByLabelText("Heading");
    expect(within(dialog).getByLabelText("Image")).toHaveAccessibleDescription(
      "An update takes only PNG, SVG (adding takes PNG, JPG, WEBP, GIF, SVG)",
    );
    expect(heading).toHaveValue("Staking v2 is live");
    await user.upload(within(dialog).getByLabelText("Image"), new File(["x"], "photo.jpg", { type: "image/jpeg" }));
    expect(await screen.findByText("Allowed Only PNG File")).toBeInTheDocument();
    expect(within(dialog).getByText("No file chosen")).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText("Image"), new File(["x"], "logo.SVG", { type: "image/svg+xml" }));
    expect(within(dialog).getByText("logo.SVG")).toBeInTheDocument();
    await user.clear(heading);
    await enter(user, heading, "Staking v3");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(gateway.callsOf("updateNews")).toHaveLength(1));
    const call = gateway.lastCall("updateNews");
    expect(call.variables).toMatchObject({ id: "1", heading: "Staking v3" });
    expect((call.variables.file as File).name).toBe("logo.SVG");
    expect(await screen.findByText("Staking v3")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's field errors under each input", async () => {
    const { user, dialog } = await openDialog("/News", "Staking v2 is live", "Add News", setupUser());
    gateway.failNext("createNews", badInput({ heading: "Heading is required", imageUri: "The file is not an image" }));
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText("Heading is required")).toBeInTheDocument();
    expect(within(dialog).getByText("The file is not an image")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("shows and hides an item in place", async () => {
    const { user, row } = await openRow("/News", "Staking v2 is live", setupUser());
    await user.click(within(row).getByRole("button", { name: "Hide" }));
    await waitFor(() => expect(gateway.lastCall("updateNews")?.variables).toEqual({ id: "1", visible: false, expectedVersion: 1 }));
    expect(await screen.findByText("Hidden from the site")).toBeInTheDocument();
    const hidden = (await screen.findByText("Farms paused")).closest("tr")!;
    await user.click(within(hidden).getByRole("button", { name: "Show" }));
    await waitFor(() => expect(gateway.lastCall("updateNews")?.variables).toEqual({ id: "2", visible: true, expectedVersion: 1 }));
    await waitFor(() =>
      expect(within(screen.getByText("Staking v2 is live").closest("tr")!).getByRole("button", { name: "Show" })).toBeInTheDocument(),
    );
  });

  it("deletes with an undo, then on the server", async () => {
    const { user, row } = await openRow("/News", "Farms paused", setupUser());
    await user.click(within(row).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("button", { name: "Undo" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Farms paused")).toBeNull());
    await waitFor(() => expect(gateway.callsOf("deleteNews")).toHaveLength(1));
    expect(gateway.rows("News").map((r) => r.heading)).toEqual(["Staking v2 is live"]);
  });
});
