import { screen, waitFor, within } from "@testing-library/react";
import { enter, findDialog, openDialog, openRow, png, setupUser, submitExpecting } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";

const section = (identifier: string, title: string, extra: Record<string, unknown> = {}) => ({
  identifier,
  title,
  heading: `${title} heading`,
  description: `${title} description`,
  content: `${title} content`,
  imageUri: `${title.toLowerCase()}.png`,
  ...extra,
});

async function openEdit(rowText: string) {
  const user = setupUser();
  // The row's cell (the side menu's Landing group, open on a landing screen, may name a screen alike: "Farms").
  const row = await waitFor(() => {
    const cell = screen.getAllByText(rowText).find((text) => text.closest("tr"));
    if (!cell) throw new Error(`No row shows ${rowText}`);
    return cell.closest("tr")!;
  });
  await user.click(within(row).getByRole("button", { name: /^(Edit)$/ }));
  const dialog = await findDialog();
  await within(dialog).findByLabelText("Title");
  return { u: user, d: dialog };
}

beforeEach(() => signIn());

describe("Home (about) at /About", () => {
  beforeEach(() => gateway.seed("About", [section("landing_banner01", "Welcome")]));

  it("lists S.No, Image, Title, Heading and adds with 'Add hometitle'", async () => {
    const { user, row } = await openRow("/about", "Welcome");
    expect(within(row).getByText("Welcome heading")).toBeInTheDocument();
    expect(within(row).getByAltText("welcome.png")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add hometitle" }));
    const dialog = await findDialog();
    await enter(user, within(dialog).getByLabelText("Title"), "Farms");
    await enter(user, within(dialog).getByLabelText("Heading"), "Provide liquidity");
    await enter(user, within(dialog).getByLabelText("Description"), "Earn rewards");
    await enter(user, within(dialog).getByLabelText("Content"), "Deposit fee 1%");
    await submitExpecting(user, dialog, "Add", "createAbout", {
      title: "Farms",
      heading: "Provide liquidity",
      description: "Earn rewards",
      content: "Deposit fee 1%",
    });
    expect(await screen.findByText("Provide liquidity")).toBeInTheDocument();
    expect(gateway.rows("About").at(-1)?.identifier).toBe("landing_banner01");
  });

  it("edits in the modal titled Home with the identifier fixed", async () => {
    renderApp("/About");
    const { u, d } = await openEdit("Welcome");
    expect(within(d).getByRole("heading", { name: "Home" })).toBeInTheDocument();
    expect(within(d).getByLabelText("Identifier")).toBeDisabled();
    expect(within(d).getByLabelText("Identifier")).toHaveValue("landing_banner01");
    await u.upload(within(d).getByLabelText("Image"), png("new-logo.png"));
    await u.clear(within(d).getByLabelText("Title"));
    await enter(u, within(d).getByLabelText("Title"), "Welcome back");
    await u.click(within(d).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(gateway.callsOf("updateAbout")).toHaveLength(1));
    const call = gateway.lastCall("updateAbout");
    expect(call.variables).toMatchObject({ id: "1", title: "Welcome back" });
    expect(call.multipart).toBe(true);
    expect(await screen.findByAltText("new-logo.png")).toBeInTheDocument();
  });
});

describe("Image Text Edit at /Feature", () => {
  it("edits title, heading, description, content and a PNG/SVG image", async () => {
    gateway.seed("Feature", [section("landing_banner02", "Launchpad"), section("landing_banner02", "Farms")]);
    renderApp("/Feature");
    expect((await screen.findAllByText("Image Text Edit")).length).toBeGreaterThan(0);
    const { u, d } = await openEdit("Farms");
    expect(within(d).getByLabelText("Identifier")).toHaveValue("landing_banner02");
    await u.upload(within(d).getByLabelText("Image"), new File(["x"], "pic.webp"));
    expect(await screen.findByText("Allowed Only PNG File")).toBeInTheDocument();
    await u.clear(within(d).getByLabelText("Content"));
    await enter(u, within(d).getByLabelText("Content"), "New content");
    await u.click(within(d).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(gateway.lastCall("updateFeature")?.variables).toMatchObject({ id: "2", content: "New content" }));
    expect(gateway.lastCall("updateFeature").variables.file ?? null).toBeNull();
  });
});

describe("Road More at /featruedes", () => {
  beforeEach(() => gateway.seed("FeatureDescription", [section("landing_banner03", "Road more", { content: undefined })]));

  it("lists S.No, Image, Title, Heading, Action with the image", async () => {
    renderApp("/featruedes");
    const row = (await screen.findByText("Road more heading")).closest("tr")!;
    expect(within(row).getByAltText("road more.png")).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["S.No", "Image", "Title", "Heading", "Action"]);
  });

  it("edits Title, Heading and Description only", async () => {
    renderApp("/featruedes");
    expect(await screen.findByText("Road more heading")).toBeInTheDocument();
    const { u, d } = await openEdit("Road more");
    expect(within(d).queryByLabelText("Content")).toBeNull();
    expect(within(d).queryByLabelText("Image")).toBeNull();
    await u.clear(within(d).getByLabelText("Description"));
    await enter(u, within(d).getByLabelText("Description"), "Transparent rewards");
    await u.click(within(d).getByRole("button", { name: "Update" }));
    await waitFor(() =>
      expect(gateway.lastCall("updateFeatureDescription")?.variables).toMatchObject({ description: "Transparent rewards" }),
    );
  });

  it("adds an IP address to the whitelist", async () => {
    const { user, dialog } = await openDialog("/featruedes", "Road more heading", "Add IP Address");
    await enter(user, within(dialog).getByLabelText("IP Address"), "203.0.113.7");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(gateway.lastCall("createIpWhitelistEntry")?.variables).toEqual({ address: "203.0.113.7" }));
    expect(await screen.findByText("Added successfully")).toBeInTheDocument();
  });
});

describe("Roadmap 'Load More'", () => {
  it("keeps the description to 200 characters and saves with 'Update Roadmap'", async () => {
    gateway.seed("Roadmap", [section("landing_banner04", "Load more")]);
    renderApp("/Roadmap");
    const { u, d } = await openEdit("Load more");
    expect(within(d).getByRole("heading", { name: "Load More" })).toBeInTheDocument();
    const description = within(d).getByLabelText("Description");
    await u.clear(description);
    await u.click(description);
    await u.paste("x".repeat(201));
    await u.click(within(d).getByRole("button", { name: "Update Roadmap" }));
    expect(await within(d).findByText(/200 characters or less/)).toBeInTheDocument();
    expect(gateway.callsOf("updateRoadmap")).toHaveLength(0);
    await u.type(description, "{Backspace}");
    await u.click(within(d).getByRole("button", { name: "Update Roadmap" }));
    await waitFor(() => expect(gateway.lastCall("updateRoadmap")?.variables.description).toHaveLength(200));
  });
});

describe("Home Page and Home Image", () => {
  it("edits the home page hero", async () => {
    gateway.seed("HomePage", [section("Landing_page2", "Hero")]);
    renderApp("/Homepages");
    const { u, d } = await openEdit("Hero");
    expect(within(d).getByLabelText("Identifier")).toHaveValue("Landing_page2");
    await u.clear(within(d).getByLabelText("Heading"));
    await enter(u, within(d).getByLabelText("Heading"), "Staking, farms");
    await u.click(within(d).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(gateway.lastCall("updateHomePage")?.variables).toMatchObject({ heading: "Staking, farms" }));
  });

  it("updates the home image only, PNG or SVG", async () => {
    const user = setupUser();
    gateway.seed("HomeImage", [{ imageUri: "home.png" }]);
    renderApp("/Homeimage");
    const row = (await screen.findByAltText("home.png")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    const input = await within(dialog).findByLabelText("Image");
    expect(within(dialog).queryByLabelText("Title")).toBeNull();
    await user.upload(input, new File(["x"], "home.gif"));
    expect(await screen.findByText("Allowed Only PNG File")).toBeInTheDocument();
    await user.upload(input, png("home2.png"));
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect((gateway.lastCall("updateHomeImage")?.variables.file as File)?.name).toBe("home2.png"));
    expect(await screen.findByAltText("home2.png")).toBeInTheDocument();
  });
});

describe("Settings", () => {
  it("shows Name and Value, and edits the value only", async () => {
    gateway.seed("Setting", [{ name: "site_name", value: "Presale Staking" }]);
    renderApp("/setting");
    const row = (await screen.findByText("site_name")).closest("tr")!;
    expect(within(row).getByText("Presale Staking")).toBeInTheDocument();
    const user = setupUser();
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    expect(await within(dialog).findByLabelText("Name")).toBeDisabled();
    await user.clear(within(dialog).getByLabelText("Value"));
    await enter(user, within(dialog).getByLabelText("Value"), "Presale");
    await submitExpecting(user, dialog, "Update", "updateSetting", { id: "1", value: "Presale" });
    expect(await screen.findByText("Presale")).toBeInTheDocument();
  });
});

describe("Farms", () => {
  it("lists pools with id, image, LP symbol and token address, and deletes", async () => {
    const user = setupUser();
    gateway.seed("Pool", [
      { pid: 0, lpSymbol: "CAKE-BUSD LP", tokenAddresses: "0x0000000000000000000000000000000000000001", imageUri: "cake.png" },
      { pid: 1, lpSymbol: "ETH-BUSD LP", tokenAddresses: "0x0000000000000000000000000000000000000002" },
    ]);
    renderApp("/Farms");
    const row = (await screen.findByText("CAKE-BUSD LP")).closest("tr")!;
    expect(within(row).getByText("0x0000000000000000000000000000000000000001")).toBeInTheDocument();
    expect(within(row).getByAltText("cake.png")).toBeInTheDocument();
    await user.click(within((await screen.findByText("ETH-BUSD LP")).closest("tr")!).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(gateway.callsOf("deletePool")).toHaveLength(1));
  });

  it("'Add Farm' adds a home-block entry and the toast says it is listed in the Home section, with a link", async () => {
    const { user, dialog } = await openDialog("/Farms", "No user found!", "Add Farm");
    await enter(user, within(dialog).getByLabelText("Title"), "Farm block");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(gateway.lastCall("createAbout")?.variables).toMatchObject({ title: "Farm block" }));
    const toast = await screen.findByRole("status");
    expect(toast).toHaveTextContent(/listed in the Home section/);
    expect(within(toast).getByRole("link", { name: "Open Home" })).toHaveAttribute("href", "/about");
  });

  it("a row's edit opens 'Home' on the first home block (identifier fixed, image), not on the pool", async () => {
    gateway.seed("About", [section("landing_banner01", "Welcome")]);
    gateway.seed("Pool", [{ pid: 0, lpSymbol: "CAKE-BUSD LP", tokenAddresses: "0x0000000000000000000000000000000000000001" }]);
    renderApp("/Farms");
    const { u, d } = await openEdit("CAKE-BUSD LP");
    expect(within(d).getByRole("heading", { name: "Home" })).toBeInTheDocument();
    expect(within(d).getByLabelText("Identifier")).toHaveValue("landing_banner01");
    expect(within(d).getByLabelText("Identifier")).toBeDisabled();
    expect(within(d).getByLabelText("Title")).toHaveValue("Welcome");
    expect(within(d).getByLabelText("Content")).toHaveValue("Welcome content");
    await u.clear(within(d).getByLabelText("Heading"));
    await enter(u, within(d).getByLabelText("Heading"), "New heading");
    await u.click(within(d).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(gateway.lastCall("updateAbout")?.variables).toMatchObject({ heading: "New heading" }));
    expect(gateway.callsOf("updatePool")).toHaveLength(0);
  });
});
