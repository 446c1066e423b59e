import { screen, waitFor, within } from "@testing-library/react";
import { enter, findDialog, openRow, png, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";

const blocks = [
  {
    identifier: "landing_banner01",
    pageName: "Home",
    title: "Stake smarter",
    description: "Rewards every block",
    blocks: [
      { title: "Fixed APR", description: "Lock 90 days", imageUri: null },
      { title: "Audited", description: null, imageUri: null },
    ],
    imageUri: "staking.png",
    visible: true,
  },
  {
    identifier: "landing_banner02",
    pageName: "Home",
    title: "Launchpad",
    description: null,
    blocks: [
      { title: "BNB or USDT", description: "Contribute", imageUri: "launchpad.png" },
      { title: null, description: "Claim after finalise", imageUri: "presale.png" },
    ],
    imageUri: null,
    visible: true,
  },
  {
    identifier: "landing_banner03",
    pageName: "Home",
    title: "Hidden title",
    description: "Farms reward LPs",
    blocks: [{ imageUri: "farms.png" }],
    visible: true,
  },
  { identifier: "landing_banner04", pageName: "Roadmap", title: "Roadmap", description: "Q1", blocks: [], visible: false },
];

beforeEach(() => {
  signIn();
  gateway.seed("LandingBlock", blocks);
});

async function editRow(text: string) {
  const user = setupUser();
  const row = (await screen.findByText(text)).closest("tr")!;
  await user.click(within(row).getByRole("button", { name: "Edit" }));
  const dialog = await findDialog();
  await within(dialog).findByLabelText("Identifier");
  return { user, dialog };
}

describe("Landing (/Home)", () => {
  it("lists S.No, Page, Title, edit only while shown, and the Status eye", async () => {
    renderApp("/Home");
    const shown = (await screen.findByText("Stake smarter")).closest("tr")!;
    expect(within(shown).getByText("Home")).toBeInTheDocument();
    expect(within(shown).getByRole("button", { name: "Edit" })).toBeInTheDocument();
    const hidden = screen.getAllByText("Roadmap")[0].closest("tr")!;
    expect(within(hidden).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(hidden).getByRole("button", { name: "Show" })).toBeInTheDocument();
  });

  it("flips Status in place", async () => {
    const { user, row } = await openRow("/Home", "Stake smarter");
    await user.click(within(row).getByRole("button", { name: "Hide" }));
    await waitFor(() => expect(gateway.lastCall("updateLandingBlock")?.variables).toEqual({ id: "1", visible: false, expectedVersion: 1 }));
    await waitFor(() =>
      expect(within(screen.getByText("Stake smarter").closest("tr")!).queryByRole("button", { name: "Edit" })).toBeNull(),
    );
  });

  it("shows the fields the record has: title, description, image and each block's own", async () => {
    renderApp("/Home");
    const { dialog } = await editRow("Stake smarter");
    expect(within(dialog).getByLabelText("Identifier")).toBeDisabled();
    expect(within(dialog).getByLabelText("Title")).toHaveValue("Stake smarter");
    expect(within(dialog).getByLabelText("Description")).toHaveValue("Rewards every block");
    expect(within(dialog).getByLabelText("Image")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Block 1 Title")).toHaveValue("Fixed APR");
    expect(within(dialog).getByLabelText("Block 1 Description")).toHaveValue("Lock 90 days");
    expect(within(dialog).getByLabelText("Block 2 Title")).toHaveValue("Audited");
    expect(within(dialog).queryByLabelText("Block 2 Description")).toBeNull();
    expect(within(dialog).queryByLabelText("Block 1 Image")).toBeNull();
  });

  it("never shows Title for landing_banner03, nor Description when there is none", async () => {
    renderApp("/Home");
    const hidden = await editRow("Hidden title");
    const { user } = hidden;
    let { dialog } = hidden;
    expect(within(dialog).queryByLabelText("Title")).toBeNull();
    expect(within(dialog).getByLabelText("Description")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Block 1 Image")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    ({ dialog } = await editRow("Launchpad"));
    expect(within(dialog).getByLabelText("Title")).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Description")).toBeNull();
    expect(within(dialog).queryByLabelText("Image")).toBeNull();
    expect(within(dialog).queryByLabelText("Block 2 Title")).toBeNull();
  });

  it("uploads a block image by its index (JPG, WEBP, PNG or GIF), keeping earlier images", async () => {
    const fetchSpy = jest.spyOn(globalThis, "fetch");
    renderApp("/Home");
    const { user, dialog } = await editRow("Launchpad");
    await user.upload(within(dialog).getByLabelText("Block 2 Image"), new File(["x"], "x.svg"));
    expect(await screen.findByText("Allowed Only JPG, WEBP, PNG File")).toBeInTheDocument();
    await user.upload(
      within(dialog).getByLabelText("Block 2 Image"),
      new File([new Uint8Array([0x47, 0x49, 0x46])], "claim.GIF", { type: "image/gif" }),
    );
    await user.clear(within(dialog).getByLabelText("Block 1 Description"));
    await enter(user, within(dialog).getByLabelText("Block 1 Description"), "Pay in BNB");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(gateway.callsOf("updateLandingBlock")).toHaveLength(1));
    const call = gateway.lastCall("updateLandingBlock");
    expect(call.multipart).toBe(true);
    expect(call.variables).toMatchObject({
      id: "2",
      identifier: "landing_banner02",
      blocks: [
        { title: "BNB or USDT", description: "Pay in BNB", imageUri: "launchpad.png" },
        { title: null, description: "Claim after finalise", imageUri: "presale.png" },
      ],
    });
    expect((call.variables.blockFiles as File[]).map((f) => f.name)).toEqual(["launchpad.png", "claim.GIF"]);
    expect(fetchSpy.mock.calls.some(([url]) => String(url).endsWith("/Images/launchpad.png"))).toBe(true);
    expect(gateway.rows("LandingBlock")[1].blocks[1].imageUri).toBe("claim.GIF");
    fetchSpy.mockRestore();
  });

  it("sends the main image as file (JPG, WEBP or PNG)", async () => {
    renderApp("/Home");
    const { user, dialog } = await editRow("Stake smarter");
    await user.upload(within(dialog).getByLabelText("Image"), new File(["x"], "anim.gif"));
    expect(await screen.findByText("Allowed Only JPG, WEBP, PNG File")).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText("Image"), png("hero.png"));
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect((gateway.lastCall("updateLandingBlock")?.variables.file as File)?.name).toBe("hero.png"));
    expect(gateway.lastCall("updateLandingBlock").variables.blockFiles).toBeUndefined();
  });
});
