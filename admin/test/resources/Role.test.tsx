import { screen, waitFor, within } from "@testing-library/react";
import { isCidr } from "../../src/resources/Role/cidr";
import { typeInWords } from "../../src/resources/Role/PermissionGrid";
import { badInput } from "../support/fakeGateway";
import { enter, findDialog, openRow, rowOf, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";

beforeEach(() => signIn());

const ADMIN_GRID = [{ resource: "News", actions: ["read", "create", "update", "delete", "export"] }];

describe("Roles", () => {
  beforeEach(() =>
    gateway.seed("Role", [
      { name: "admin", builtIn: true, userCount: 2, requireTwoFactor: false, ipAllowlist: [], permissions: ADMIN_GRID },
      { name: "editor", builtIn: true, userCount: 0, requireTwoFactor: false, ipAllowlist: [], permissions: [] },
      {
        name: "news-writer",
        builtIn: false,
        userCount: 4,
        requireTwoFactor: true,
        ipAllowlist: ["10.1.0.0/16"],
        permissions: [{ resource: "News", actions: ["read", "create"] }],
      },
    ]),
  );

  it("lists name, a built-in chip, the users count and 'requires two-factor'", async () => {
    renderApp("/roles");
    const custom = await rowOf("news-writer");
    expect(within(custom).getByText("4")).toBeInTheDocument();
    expect(within(custom).getByText("Yes")).toBeInTheDocument();
    expect(within(custom).queryByText("Built-in")).toBeNull();
    const admin = await rowOf("admin");
    expect(within(admin).getByText("Built-in")).toBeInTheDocument();
    expect(within(admin).getByText("No")).toBeInTheDocument();
  });

  it("creates a custom role on the grid: cells, row and column 'all' toggles, two-factor, a checked IP allowlist", async () => {
    const user = setupUser();
    renderApp("/Roles");
    await screen.findByText("news-writer");
    await user.click(screen.getByRole("button", { name: "Add Role" }));
    const dialog = await findDialog();
    await enter(user, within(dialog).getByLabelText(/^Name/), "support");
    await user.click(await within(dialog).findByRole("checkbox", { name: "News: Read" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Every action on Blocklist" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Export on every resource" }));
    // Chain only where a resource offers it: no cell for News.
    expect(within(dialog).queryByRole("checkbox", { name: "News: Chain" })).toBeNull();
    expect(within(dialog).getByRole("checkbox", { name: "Blocklist: Chain" })).toBeChecked();
    // Only the built-in admin role writes users and roles.
    expect(within(dialog).queryByRole("checkbox", { name: "Users: Create" })).toBeNull();
    await user.click(within(dialog).getByLabelText("Requires two-factor"));
    const allowlist = within(dialog).getByLabelText("IP allowlist");
    await user.click(allowlist);
    await user.paste("10.0.0.0/8\n10.0.0.300");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText("Not an IP address or CIDR: 10.0.0.300")).toBeInTheDocument();
    expect(gateway.callsOf("createRole")).toHaveLength(0);
    await user.clear(allowlist);
    await user.paste("10.0.0.0/8\n10.0.0.1");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(gateway.lastCall("createRole")?.variables).toEqual({
        name: "support",
        requireTwoFactor: true,
        ipAllowlist: ["10.0.0.0/8", "10.0.0.1"],
        permissions: [
          { resource: "User", actions: ["export"] },
          { resource: "News", actions: ["read", "export"] },
          { resource: "Setting", actions: ["export"] },
          { resource: "ContactMessage", actions: ["export"] },
          { resource: "BlocklistEntry", actions: ["read", "create", "update", "delete", "export", "chain"] },
          { resource: "Role", actions: ["export"] },
        ],
      }),
    );
    expect(await screen.findByText("support")).toBeInTheDocument();
  }, 90_000);

  it("edits a custom role's grid, sending the version it loaded", async () => {
    const { user, row } = await openRow("/Roles", "news-writer");
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    const create = await within(dialog).findByRole("checkbox", { name: "News: Create" });
    expect(create).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Every action on News" })).toHaveAttribute("data-indeterminate", "true");
    expect(within(dialog).getByLabelText(/^Name/)).toBeDisabled();
    expect(within(dialog).getByLabelText("IP allowlist")).toHaveValue("10.1.0.0/16");
    await user.click(create);
    await user.click(within(dialog).getByRole("checkbox", { name: "Sale insight: Read" }));
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() =>
      expect(gateway.lastCall("updateRole")?.variables).toMatchObject({
        id: "3",
        expectedVersion: 1,
        ipAllowlist: ["10.1.0.0/16"],
        permissions: [
          { resource: "News", actions: ["read"] },
          { resource: "SaleInsight", actions: ["read"] },
        ],
      }),
    );
  });

  it("refuses to overwrite another admin's change to the grid silently, and overwrites when asked", async () => {
    const { user, row } = await openRow("/Roles", "news-writer");
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    await user.click(await within(dialog).findByRole("checkbox", { name: "News: Delete" }));
    const stored = gateway.rows("Role").find((r) => r.name === "news-writer")!;
    Object.assign(stored, { version: 2, savedBy: "bob", permissions: [{ resource: "News", actions: ["read"] }] });
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Someone else changed this record since you opened it");
    expect(gateway.lastCall("updateRole").variables).toMatchObject({ expectedVersion: 1 });
    await user.click(within(alert).getByRole("button", { name: "Overwrite" }));
    // Overwriting asks first, naming what it replaces.
    const confirm = await screen.findByRole("dialog", { name: "Overwrite their changes?" });
    await user.click(within(confirm).getByRole("button", { name: "Overwrite" }));
    await waitFor(() =>
      expect(gateway.lastCall("updateRole").variables).toMatchObject({
        expectedVersion: 2,
        permissions: [{ resource: "News", actions: ["read", "create", "delete"] }],
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows a built-in role read-only: the grid disabled, no Update, no Delete", async () => {
    const { user, row } = await openRow("/Roles", "admin");
    expect(within(row).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(within(await rowOf("news-writer")).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    const read = await within(dialog).findByRole("checkbox", { name: "News: Read" });
    expect(read).toBeChecked();
    expect(read).toBeDisabled();
    expect(within(dialog).getByRole("checkbox", { name: "Users: Create" })).toBeDisabled();
    expect(within(dialog).getByText(/A built-in role cannot be changed/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Update" })).toBeNull();
  });

  it("shows the gateway's message when a role in use cannot be deleted", async () => {
    const { user, row } = await openRow("/Roles", "news-writer");
    gateway.failNext(
      "deleteRole",
      badInput(
        { name: "The role news-writer is given to 3 user(s): give them another role first" },
        "The role news-writer is given to 3 user(s): give them another role first",
      ),
    );
    await user.click(within(row).getByRole("button", { name: "Delete" }));
    await user.click(within(await findDialog()).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(/given to 3 user\(s\): give them another role first/)).toBeInTheDocument();
    expect(gateway.rows("Role").map((r) => r.name)).toContain("news-writer");
  });

  it("offers the custom roles in a user's Role", async () => {
    gateway.seed("User", [{ name: "dana", email: "dana@example.com", role: "editor", approved: true }]);
    const { user, row } = await openRow("/Users", "dana@example.com");
    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await findDialog();
    await user.click(await within(dialog).findByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "news-writer" }));
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(gateway.lastCall("updateUser")?.variables).toMatchObject({ id: "1", role: "news-writer" }));
  });

  it("checks addresses and CIDRs as the gateway does, and names resources in words", () => {
    for (const good of ["10.0.0.0/8", "1.2.3.4", "::1", "2001:db8::/32", "::ffff:1.2.3.4", "0.0.0.0/0"]) expect(isCidr(good)).toBe(true);
    for (const bad of ["10.0.0.0/33", "1.2.3", "office", "2001:db8::/129", "1.2.3.4/8/1", "256.1.1.1", "1::2::3", ""])
      expect(isCidr(bad)).toBe(false);
    expect(typeInWords("BlocklistEntry")).toBe("Blocklist entry");
  });
});

describe("API tokens", () => {
  const me = {
    id: "1",
    name: "admin",
    email: "admin@example.com",
    role: "editor",
    roleName: "editor",
    twoFactorEnabled: false,
    mustSetUpTwoFactor: false,
    requireTwoFactor: false,
    permissions: [{ resource: "News", actions: ["read", "create"] }],
  };
  beforeEach(() => {
    gateway.answer("me", () => me).answer("mySignIns", () => []);
    gateway.seed("ApiToken", [
      {
        name: "nightly-export",
        description: "exports news",
        userId: 1,
        userName: "admin",
        readOnly: true,
        revoked: false,
        expiresAt: null,
      },
      {
        name: "old-sync",
        userId: 2,
        userName: "dana",
        readOnly: false,
        revoked: false,
        lastUsedAt: "2024-05-01T11:00:00.000Z",
        lastUsedIp: "203.0.113.9",
      },
    ]);
  });

  it("creates a read-only token and shows its secret once, with Copy and a warning", async () => {
    const user = setupUser();
    renderApp("/Security");
    expect(await screen.findByText("nightly-export")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New token" }));
    const dialog = await findDialog();
    await enter(user, within(dialog).getByLabelText(/^Name/), "reporting");
    await enter(user, within(dialog).getByLabelText("Description"), "BI dashboard");
    await user.click(within(dialog).getByLabelText("Expires"));
    await user.click(await screen.findByRole("option", { name: "90 days" }));
    await user.click(within(dialog).getByLabelText("Read-only"));
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));
    const secret = await within(dialog).findByTestId("api-token-secret");
    expect(secret.textContent).toMatch(/^pk_/);
    expect(gateway.lastCall("createApiToken")?.variables).toEqual({
      name: "reporting",
      description: "BI dashboard",
      expiresInDays: 90,
      readOnly: true,
    });
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    const writeText = jest.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    await user.click(within(dialog).getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(secret.textContent);
    expect(await screen.findByText("Token copied to the clipboard")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "I have copied it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Listed, its secret nowhere any more.
    expect(await screen.findByText("reporting")).toBeInTheDocument();
    expect(screen.queryByText(secret.textContent!)).toBeNull();
  });

  it("offers a custom grid limited to my own permissions", async () => {
    const user = setupUser();
    renderApp("/Security");
    await screen.findByText("nightly-export");
    await user.click(screen.getByRole("button", { name: "New token" }));
    const dialog = await findDialog();
    await enter(user, within(dialog).getByLabelText(/^Name/), "writer-bot");
    await user.click(within(dialog).getByLabelText("Custom"));
    await user.click(await within(dialog).findByRole("checkbox", { name: "News: Create" }));
    // Not in my role: no cell for it.
    expect(within(dialog).queryByRole("checkbox", { name: "News: Delete" })).toBeNull();
    expect(within(dialog).queryByText("Settings")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));
    await within(dialog).findByTestId("api-token-secret");
    expect(gateway.lastCall("createApiToken")?.variables).toEqual({
      name: "writer-bot",
      expiresInDays: 30,
      permissions: [{ resource: "News", actions: ["create"] }],
    });
  });

  it("revokes one of my tokens after a confirmation", async () => {
    const { user, row } = await openRow("/Security", "nightly-export");
    await user.click(within(row).getByRole("button", { name: "Revoke nightly-export" }));
    await user.click(within(await findDialog()).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(gateway.lastCall("revokeApiToken")?.variables).toEqual({ id: "1" }));
    expect(await within(await rowOf("nightly-export")).findByText("Revoked")).toBeInTheDocument();
  });

  it("lists every user's tokens for administrators, with their last use, and revokes one", async () => {
    // Everyone's tokens are for whoever may manage users (as the gateway decides).
    gateway.answer("me", () => ({
      ...me,
      role: "admin",
      roleName: "admin",
      permissions: [{ resource: "User", actions: ["read", "update"] }],
    }));
    const { user, row } = await openRow("/ApiTokens", "old-sync");
    expect(within(row).getByText("dana")).toBeInTheDocument();
    expect(within(row).getByText("203.0.113.9")).toBeInTheDocument();
    expect(within(await rowOf("nightly-export")).getByText("Never")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Revoke old-sync" }));
    await user.click(within(await findDialog()).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(gateway.lastCall("revokeApiToken")?.variables).toEqual({ id: "2" }));
    expect(await within(await rowOf("old-sync")).findByText("Revoked")).toBeInTheDocument();
  });
});
