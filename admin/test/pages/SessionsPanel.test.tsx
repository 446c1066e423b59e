import { screen, waitFor, within } from "@testing-library/react";
import { enter, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";

const inAnHour = Math.floor(Date.now() / 1000) + 3600;
const session = (row: Record<string, unknown>) => ({
  userId: 1,
  userName: "admin",
  revoked: false,
  expiresAt: inAnHour,
  lastSeenAt: "2024-05-01T11:00:00.000Z",
  current: false,
  device: "Chrome on Windows",
  ip: "203.0.113.7",
  ...row,
});

beforeEach(() => {
  signIn();
  // The fake gateway's `me` is the signed-in admin, with the admin role's permissions.
  gateway.answer("mySignIns", () => []);
  gateway.seed("Session", [
    session({ device: "Firefox on Linux", ip: "198.51.100.1", current: true }),
    session({ device: "Safari on iPhone", ip: "198.51.100.2" }),
    session({ device: "Chrome on Windows", ip: "198.51.100.3" }),
    session({ device: "Edge on Windows", ip: "198.51.100.4", userId: 2, userName: "dana" }),
  ]);
});

const sessionsTable = () => screen.findByRole("table", { name: "Sessions" });

describe("Security page: sessions", () => {
  it("lists the user's own live sessions with device, IP, signed in, last seen and 'This device'", async () => {
    renderApp("/Security");
    const table = await sessionsTable();
    await within(table).findByText("Firefox on Linux");
    expect(within(table).getAllByRole("row")).toHaveLength(4); // heading + 3 of the user's
    expect(within(table).getByText("Firefox on Linux").closest("tr")).toHaveTextContent("This device");
    expect(within(table).getByText("Safari on iPhone").closest("tr")).not.toHaveTextContent("This device");
    expect(within(table).getByText("198.51.100.2")).toBeInTheDocument();
    expect(within(table).queryByText("Edge on Windows")).toBeNull();
    expect(within(table).getAllByText(new Date("2024-05-01T11:00:00.000Z").toLocaleString())).toHaveLength(3);
    expect(gateway.lastCall("mySessions")?.variables).toEqual({ userId: 1 });
    // No sign-out of this device from here (Logout does that).
    expect(within(table).getAllByRole("button", { name: /^Sign out / })).toHaveLength(2);
  });

  it("signs out one session after asking", async () => {
    const user = setupUser();
    renderApp("/Security");
    const table = await sessionsTable();
    await user.click(await within(table).findByRole("button", { name: "Sign out Safari on iPhone" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Safari on iPhone (198.51.100.2) is signed out at once");
    await user.click(within(dialog).getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Session signed out")).toBeInTheDocument();
    expect(gateway.lastCall("endSession")?.variables).toEqual({ id: "2" });
    await waitFor(() => expect(within(table).queryByText("Safari on iPhone")).toBeNull());
  });

  it("'Sign out everywhere else' asks, then says how many were signed out", async () => {
    const user = setupUser();
    renderApp("/Security");
    await sessionsTable();
    await user.click(await screen.findByRole("button", { name: "Sign out everywhere else" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("This device stays signed in");
    await user.click(within(dialog).getByRole("button", { name: "Sign out everywhere else" }));
    expect(await screen.findByText("3 sessions signed out")).toBeInTheDocument();
    expect(gateway.callsOf("endOtherSessions")).toHaveLength(1);
    const table = await sessionsTable();
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
    expect(screen.getByRole("button", { name: "Sign out everywhere else" })).toBeDisabled();
  });

  it("says once two-factor sign-in is on that the other sessions were signed out, and offers it again for any still listed", async () => {
    const user = setupUser();
    gateway.answer("setupTwoFactor", () => ({
      secret: "JBSWY3DPEHPK3PXP",
      otpauthUrl: "otpauth://totp/x",
      qrCode: "data:image/png;base64,iVBORw0KGgo=",
      recoveryCodes: ["aaaa-bbbb"],
    }));
    // The gateway ends the other sessions as it turns two-factor on; this fake does not, so the seeded ones stay listed (as one opened meanwhile would).
    let enabled = false;
    gateway.answer("enableTwoFactor", () => (enabled = true));
    renderApp("/Security");
    await user.click(await screen.findByRole("button", { name: "Set up two-factor sign-in" }));
    await enter(user, await screen.findByLabelText("Code from the app"), "123456");
    await user.click(screen.getByRole("button", { name: "Enable" }));
    const offer = await screen.findByText(/Two-factor sign-in is on: every other session of your account was signed out/);
    expect(enabled).toBe(true);
    await user.click(within(offer.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Sign out everywhere else" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Sign out everywhere else" }));
    expect(await screen.findByText("3 sessions signed out")).toBeInTheDocument();
  });
});

describe("Users: End sessions", () => {
  it("ends every session of a user after asking, with a toast of how many", async () => {
    const user = setupUser();
    gateway.seed("User", [
      { name: "admin", email: "admin@example.com", role: "admin", approved: true },
      { name: "dana", email: "dana@example.com", role: "editor", approved: true },
    ]);
    renderApp("/Users");
    const row = (await screen.findByText("dana@example.com")).closest("tr") as HTMLElement;
    await user.click(within(row).getByRole("button", { name: "End sessions: dana" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("dana is signed out everywhere at once");
    await user.click(within(dialog).getByRole("button", { name: "End sessions" }));
    expect(await screen.findByText("1 session signed out")).toBeInTheDocument();
    expect(gateway.lastCall("endUserSessions")?.variables).toEqual({ userId: "2" });
  });
});
