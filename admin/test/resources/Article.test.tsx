import { screen, waitFor, within } from "@testing-library/react";
import { enter, findDialog, openDialog, openRow, png, setupUser, submitExpecting } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { badInput } from "../support/fakeGateway";
import { gateway } from "../support/setup";

beforeEach(() => signIn());

describe("News Description", () => {
  beforeEach(() =>
    gateway.seed("NewsDescription", [
      {
        title: "Staking explained",
        heading: "How rewards accrue",
        description: "<p>Rewards accrue <strong>every block</strong></p>",
        newsLink: "https://www.youtube.com/watch?v=1",
        vimeoLink: "https://vimeo.com/1",
        imageUri: "staking.png",
        visible: true,
      },
    ]),
  );

  it("lists S.No, Image, Title, Heading with edit, show/hide and Add", async () => {
    renderApp("/newsdescription");
    const row = (await screen.findByText("Staking explained")).closest("tr")!;
    expect(within(row).getByText("How rewards accrue")).toBeInTheDocument();
    expect(within(row).getByAltText("staking.png")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Hide" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add News Description" })).toBeInTheDocument();
  });

  it("edits with the rich-text description, 'Youtube Link' and Vimeo Link", async () => {
    const { user, row } = await openRow("/Newsdescription", "Staking explained");
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    expect(await within(dialog).findByLabelText("Youtube Link")).toHaveValue("https://www.youtube.com/watch?v=1");
    expect(within(dialog).getByLabelText("Vimeo Link")).toHaveValue("https://vimeo.com/1");
    expect(await within(dialog).findByText("every block")).toBeInTheDocument(); // in the rich-text editor
    await user.clear(within(dialog).getByLabelText("Vimeo Link"));
    await enter(user, within(dialog).getByLabelText("Vimeo Link"), "https://vimeo.com/2");
    await submitExpecting(user, dialog, "Update", "updateNewsDescription", { vimeoLink: "https://vimeo.com/2" });
    expect(gateway.lastCall("updateNewsDescription").variables.description).toContain("<strong>every block</strong>");
  });

  it("adds one with any image", async () => {
    const { user, dialog } = await openDialog("/Newsdescription", "Staking explained", "Add News Description");
    await enter(user, within(dialog).getByLabelText("Title"), "Presale guide");
    await enter(user, within(dialog).getByLabelText("Youtube Link"), "https://www.youtube.com/watch?v=2");
    await user.upload(
      within(dialog).getByLabelText("Image", { selector: "input[type=file]" }),
      new File(["x"], "guide.jpg", { type: "image/jpeg" }),
    );
    await submitExpecting(user, dialog, "Add", "createNewsDescription", {
      title: "Presale guide",
      newsLink: "https://www.youtube.com/watch?v=2",
    });
    expect((gateway.lastCall("createNewsDescription").variables.file as File).name).toBe("guide.jpg");
  });
});

describe("Latest Articles", () => {
  beforeEach(() =>
    gateway.seed("Article", [
      {
        title: "Getting started",
        heading: "Getting started",
        description: "<p>Create a wallet</p>",
        description3: "<p>Claim</p>",
        newsLink2: "https://youtu.be/2",
        imageUri: "article.png",
        visible: true,
      },
    ]),
  );

  it("adds an article with its Heading sent as the Title", async () => {
    const user = setupUser();
    renderApp("/articles");
    await screen.findAllByText("Getting started");
    await user.click(screen.getByRole("button", { name: "Add Latest Article" }));
    const dialog = await findDialog();
    expect(within(dialog).queryByLabelText("Heading")).toBeNull();
    await enter(user, within(dialog).getByLabelText("Title"), "Farming 101");
    await enter(user, within(dialog).getByLabelText("Youtube Link 1"), "https://youtu.be/a");
    await enter(user, within(dialog).getByLabelText("Vimeo Link 4"), "https://vimeo.com/d");
    await submitExpecting(user, dialog, "Add", "createArticle", {
      title: "Farming 101",
      heading: "Farming 101",
      newsLink: "https://youtu.be/a",
      vimeoLink3: "https://vimeo.com/d",
    });
  });

  it("edits the four description blocks, each with its video links", async () => {
    const user = setupUser();
    renderApp("/Articles");
    const row = (await screen.findAllByText("Getting started"))[0].closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    for (const slot of [1, 2, 3, 4]) {
      expect(await within(dialog).findByText(`Block ${slot}`)).toBeInTheDocument();
      expect(within(dialog).getByLabelText(`Youtube Link ${slot}`)).toBeInTheDocument();
      expect(within(dialog).getByLabelText(`Vimeo Link ${slot}`)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText("Youtube Link 3")).toHaveValue("https://youtu.be/2");
    expect(await within(dialog).findByText("Claim")).toBeInTheDocument();
    await enter(user, within(dialog).getByLabelText("Heading"), " now");
    await submitExpecting(user, dialog, "Update", "updateArticle", {
      heading: "Getting started now",
      newsLink2: "https://youtu.be/2",
    });
  });

  it("shows and hides an article", async () => {
    const user = setupUser();
    renderApp("/Articles");
    const row = (await screen.findAllByText("Getting started"))[0].closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Hide" }));
    await waitFor(() => expect(gateway.lastCall("updateArticle")?.variables).toEqual({ id: "1", visible: false, expectedVersion: 1 }));
  });
});

describe("Latest ArticlesN Image", () => {
  beforeEach(() =>
    gateway.seed("ArticleImage", [
      { slot: 1, imageUri: "one.png" },
      { slot: 3, imageUri: "three-a.png" },
      { slot: 3, imageUri: "three-b.png" },
    ]),
  );

  it("lists only its slot with 50px thumbnails under 'Latest Articles3 Image'", async () => {
    renderApp("/Articles3");
    expect(await screen.findByAltText("three-a.png")).toHaveAttribute("width", "50");
    expect(screen.getByAltText("three-b.png")).toBeInTheDocument();
    expect(screen.queryByAltText("one.png")).toBeNull();
    expect(screen.getAllByText("Latest Articles3 Image").length).toBeGreaterThan(0);
    expect(gateway.lastCall("allArticleImages").variables.filter).toEqual({ slot: 3 });
  });

  it("adds with 'Add Image' / 'Add Article3 Image', empty each time it opens", async () => {
    const user = setupUser();
    renderApp("/Articles3");
    await screen.findByAltText("three-a.png");
    await user.click(screen.getByRole("button", { name: "Add Image" }));
    let dialog = await findDialog();
    expect(within(dialog).getByRole("heading", { name: "Add Image" })).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText("Add Article3 Image"), png("first.png"));
    expect(within(dialog).getByText("first.png")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Add Image" }));
    dialog = await findDialog();
    expect(within(dialog).getByText("No file chosen")).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText("Add Article3 Image"), png("new3.png"));
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(gateway.callsOf("createArticleImage")).toHaveLength(1));
    expect(gateway.lastCall("createArticleImage").variables).toMatchObject({ slot: 3 });
    expect(await screen.findByAltText("new3.png")).toBeInTheDocument();
  });

  it("shows the server's error in red under the file input", async () => {
    const user = setupUser();
    renderApp("/Articles3");
    await screen.findByAltText("three-a.png");
    await user.click(screen.getByRole("button", { name: "Add Image" }));
    const dialog = await findDialog();
    gateway.failNext("createArticleImage", badInput({ imageUri: "Image is required" }));
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    const error = await within(dialog).findByText("Image is required");
    expect(error).toHaveClass("Mui-error");
  });

  it("updates with 'Update Image' and deletes", async () => {
    const user = setupUser();
    renderApp("/Articles3");
    const row = (await screen.findByAltText("three-a.png")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    expect(within(dialog).getByRole("heading", { name: "Update Image" })).toBeInTheDocument();
    await user.upload(await within(dialog).findByLabelText("Update Image"), png("replaced.png"));
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect((gateway.lastCall("updateArticleImage")?.variables.file as File)?.name).toBe("replaced.png"));
    expect(await screen.findByAltText("replaced.png")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(within(screen.getByAltText("three-b.png").closest("tr")!).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(gateway.callsOf("deleteArticleImage")).toHaveLength(1));
    expect(gateway.rows("ArticleImage").map((r) => r.imageUri)).toEqual(["one.png", "replaced.png"]);
  });
});
