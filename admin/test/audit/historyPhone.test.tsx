import { screen, within } from "@testing-library/react";
import { findShown, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { phoneWidth } from "../support/phoneWidth";
import { gateway } from "../support/setup";

const LONG = `0x${"ab".repeat(45)}`;

describe("the History tab on a phone (390 px)", () => {
  const wide = window.matchMedia;
  beforeEach(() => {
    phoneWidth();
    signIn();
    gateway.seed("News", [{ heading: "Staking v3", description: "Now", imageUri: "staking.png", visible: true, version: 2 }]);
    gateway.resolvers.revisions = () => [
      {
        eventId: "7",
        createdAt: "2024-05-01T08:00:00.000Z",
        actorName: "carol",
        operation: "update",
        fields: ["heading", "description"],
        values: JSON.stringify({ heading: "Staking v2", description: LONG, visible: true, imageUri: "staking.png" }),
      },
    ];
  });
  afterEach(() => {
    window.matchMedia = wide;
  });

  it("shows the revisions and the comparison as blocks, no table, long values wrapping", async () => {
    const user = setupUser();
    renderApp("/news", { styled: true });
    await user.click(await findShown("Staking v3"));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByLabelText("Heading");
    await user.click(within(dialog).getByRole("tab", { name: "History" }));
    const history = await within(dialog).findByRole("region", { name: "History" });
    expect(history).toHaveTextContent("carol · Updated");
    expect(history).toHaveTextContent(new Date("2024-05-01T08:00:00.000Z").toLocaleString());
    await user.click(within(history).getByRole("button", { name: "Compare" }));
    const comparison = within(dialog).getByRole("region", { name: "This revision beside the current values" });
    expect(within(dialog).queryByRole("table")).toBeNull();
    const description = within(comparison).getByRole("heading", { name: "Description" }).parentElement!;
    expect(description).toHaveAttribute("data-changed", "true");
    expect(description).toHaveTextContent(`Revision of ${new Date("2024-05-01T08:00:00.000Z").toLocaleString()}${LONG}CurrentNow`);
    expect(getComputedStyle(description).overflowWrap).toBe("break-word");
    expect(within(comparison).getByRole("heading", { name: "Show/Hide" }).parentElement).not.toHaveAttribute("data-changed");
  });
});
