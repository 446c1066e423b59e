import { screen, waitFor, within } from "@testing-library/react";
import { enter, findDialog, openDialog, openRow, submitExpecting } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";

beforeEach(() => signIn());

describe("Users", () => {
  beforeEach(() =>
    gateway.seed("User", [
      { name: "admin", email: "admin@example.com", role: "admin", approved: true, createdAt: "2024-05-01T10:00:00.000Z" },
      { name: "dana", email: "dana@example.com", role: "editor", approved: false },
    ]),
  );

  it("lists S.No, name, email and date", async () => {
    renderApp("/users");
    const row = (await screen.findByText("admin@example.com")).closest("tr")!;
    expect(within(row).getByText("1")).toBeInTheDocument();
    expect(within(row).getByText(new Date("2024-05-01T10:00:00.000Z").toLocaleString())).toBeInTheDocument();
  });

  it("adds a user with 'Add User' (every field with a show toggle)", async () => {
    const { user, dialog } = await openDialog("/Users", "admin@example.com", "Add User");
    await enter(user, within(dialog).getByLabelText("Name"), "erin");
    await enter(user, within(dialog).getByLabelText("Email"), "erin@example.com");
    const password = within(dialog).getByLabelText("Password");
    await enter(user, password, "erin-pass-1");
    await enter(user, within(dialog).getByLabelText("Confirm Password"), "erin-pass-1");
    expect(password).toHaveAttribute("type", "password");
    await user.click(within(dialog).getByRole("button", { name: "Show Password" }));
    expect(password).toHaveAttribute("type", "text");
    const confirm = within(dialog).getByLabelText("Confirm Password");
    await user.click(within(dialog).getByRole("button", { name: "Show Confirm Password" }));
    expect(confirm).toHaveAttribute("type", "text");
    for (const [label, shownType] of [
      ["Name", "text"],
      ["Email", "email"],
    ]) {
      const input = within(dialog).getByLabelText(label);
      expect(input).toHaveAttribute("type", shownType);
      await user.click(within(dialog).getByRole("button", { name: `Hide ${label}` }));
      expect(input).toHaveAttribute("type", "password");
      await user.click(within(dialog).getByRole("button", { name: `Show ${label}` }));
      expect(input).toHaveAttribute("type", shownType);
    }
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(gateway.lastCall("createUser")?.variables).toMatchObject({
        name: "erin",
        email: "erin@example.com",
        password: "erin-pass-1",
        password2: "erin-pass-1",
        role: "editor",
      }),
    );
    expect(await screen.findByText("erin@example.com")).toBeInTheDocument();
  });

  it("updates a user with 'Update User', the name read-only", async () => {
    const { user, row } = await openRow("/Users", "dana@example.com");
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    expect(within(dialog).getByRole("heading", { name: "Update User" })).toBeInTheDocument();
    expect(await within(dialog).findByLabelText("Name")).toBeDisabled();
    await user.clear(within(dialog).getByLabelText("Email"));
    await enter(user, within(dialog).getByLabelText("Email"), "dana@example.org");
    await enter(user, within(dialog).getByLabelText("Password"), "new-pass-123");
    await submitExpecting(user, dialog, "Update", "updateUser", { id: "2", email: "dana@example.org", password: "new-pass-123" });
  });

  it("asks before changing one's own email or password, and saves only when confirmed", async () => {
    const { user, row } = await openRow("/Users", "admin@example.com");
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    const email = await within(dialog).findByLabelText("Email");
    await user.clear(email);
    await enter(user, email, "boss@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    expect(await screen.findByText(/changing the email or password of your own account/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByText(/of your own account/)).toBeNull());
    expect(gateway.callsOf("updateUser")).toHaveLength(0);
    await user.click(await within(dialog).findByRole("button", { name: "Update" }));
    await user.click(await screen.findByRole("button", { name: "Save" }));
    await waitFor(() => expect(gateway.lastCall("updateUser")?.variables).toMatchObject({ id: "1", email: "boss@example.com" }));
  });

  it("approves a pending registration", async () => {
    const { user, row } = await openRow("/Users", "dana@example.com");
    const approved = within(row).getByRole("checkbox", { name: "Approved" });
    expect(approved).not.toBeChecked();
    await user.click(approved);
    await waitFor(() => expect(gateway.lastCall("updateUser")?.variables).toEqual({ id: "2", approved: true, expectedVersion: 1 }));
    expect(await screen.findByText("Account approved")).toBeInTheDocument();
  });

  it("shows a FORBIDDEN answer without signing out", async () => {
    gateway.failNext("allUsers", { message: "Only admins may do this", code: "FORBIDDEN", status: 403 });
    renderApp("/Users");
    expect(await screen.findByText(/not allowed/)).toBeInTheDocument();
    expect(localStorage.getItem("token")).not.toBeNull();
  });
});

describe("Users for a role that may not read users", () => {
  it("shows 'You do not have access to this page', no list and no Add User, and asks the gateway nothing", async () => {
    signIn("dana", 3600, "editor");
    renderApp("/Users");
    expect(await screen.findByRole("heading", { name: "You do not have access to this page", level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add User" })).toBeNull();
    expect(screen.queryByText("No user found!")).toBeNull();
    expect(gateway.callsOf("allUsers")).toHaveLength(0);
  });

  it("the dashboard has no Users card and counts nothing of it", async () => {
    signIn("dana", 3600, "editor");
    renderApp("/Dashboard");
    await screen.findByRole("link", { name: /^Settings \d+ records?/ });
    expect(screen.queryByRole("link", { name: /^Users/ })).toBeNull();
    expect(gateway.callsOf("_allUsersMeta")).toHaveLength(0);
    expect(gateway.callsOf("allUsers")).toHaveLength(0);
  });
});

describe("Contact Us", () => {
  it("is read-only (no add, edit or delete) with the date as local date-time", async () => {
    gateway.seed("ContactMessage", [
      {
        name: "Alice",
        email: "alice@example.com",
        website: "https://alice.example.com",
        comments: "When?",
        updatedAt: "2024-05-02T08:30:00.000Z",
      },
    ]);
    renderApp("/ContactUs");
    const row = (await screen.findByText("Alice")).closest("tr")!;
    for (const text of ["alice@example.com", "https://alice.example.com", "When?", new Date("2024-05-02T08:30:00.000Z").toLocaleString()]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Add/ })).toBeNull();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["S.No", "name", "Email", "website", "Comments", "Date"]);
  });
});

describe("LaunchPad and Blocklist", () => {
  it("lists presales with the pool's lock days and an edit link to /ManageSale/{address}", async () => {
    const address = "0x00000000000000000000000000000000000000aa";
    gateway.seed("LaunchPad", [{ pid: 1, presaleAddress: address, tokenAddress: "0x00000000000000000000000000000000000000bb" }]);
    renderApp("/launchpad");
    const row = (await screen.findByText(address)).closest("tr")!;
    expect(within(row).getByText("180 Days")).toBeInTheDocument();
    expect(await within(row).findByRole("link", { name: "Edit" })).toHaveAttribute("href", `/ManageSale/${address}`);
  });

  it("lists blocked wallet addresses", async () => {
    gateway.seed("BlocklistEntry", [{ walletAddress: "0x00000000000000000000000000000000000000cc" }]);
    renderApp("/blocklist");
    expect(await screen.findByText("0x00000000000000000000000000000000000000cc")).toBeInTheDocument();
  });
});
