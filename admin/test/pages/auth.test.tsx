import { screen, waitFor } from "@testing-library/react";
import { enter, setupUser, signInThroughForm } from "../support/helpers";
import { renderApp } from "../support/render";
import { badInput } from "../support/fakeGateway";
import { gateway } from "../support/setup";

describe("Login", () => {
  it("shows and hides the password with the eye toggle", async () => {
    const user = setupUser();
    renderApp("/login");
    const password = await screen.findByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("signs in and goes to the dashboard", async () => {
    await signInThroughForm("admin@example.com", "admin-pass-123");
    expect(await screen.findByText("Welcome to the back-office")).toBeInTheDocument();
    expect(gateway.lastCall("login").variables).toEqual({ email: "admin@example.com", password: "admin-pass-123" });
    expect(localStorage.getItem("name")).toBe("admin");
    expect(screen.getByRole("button", { name: "Logout (admin)" })).toBeInTheDocument();
  });

  it("shows the gateway's message and per-field errors", async () => {
    const user = setupUser();
    renderApp("/login");
    gateway.failNext("login", { message: "Email or password is incorrect", code: "UNAUTHENTICATED", status: 401 });
    await enter(user, await screen.findByLabelText("Email"), "admin@example.com");
    await enter(user, screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Email or password is incorrect");
    gateway.failNext("login", badInput({ password: "Password is required" }));
    await user.clear(screen.getByLabelText("Password"));
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Password is required")).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });
});

describe("Login with two-factor sign-in", () => {
  it("asks for the code after the password, says when it is wrong, and sends it", async () => {
    const user = setupUser();
    renderApp("/login");
    const required = {
      message: "Enter the 6-digit code from your authenticator app, or a recovery code",
      code: "TWO_FACTOR_REQUIRED",
      status: 401,
    };
    gateway.failNext("login", required);
    await enter(user, await screen.findByLabelText("Email"), "admin@example.com");
    await enter(user, screen.getByLabelText("Password"), "admin-pass-123");
    await user.click(screen.getByRole("button", { name: "Login" }));
    const code = await screen.findByLabelText("Authentication code");
    expect(localStorage.getItem("token")).toBeNull();
    gateway.failNext("login", required);
    await enter(user, code, "111111");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText(/That code is not valid/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Authentication code"));
    await enter(user, screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Welcome to the back-office")).toBeInTheDocument();
    expect(gateway.lastCall("login").variables).toEqual({ email: "admin@example.com", password: "admin-pass-123", code: "123456" });
  });

  it("signing out ends the session on the gateway", async () => {
    const user = await signInThroughForm("admin@example.com", "admin-pass-123");
    await screen.findByText("Welcome to the back-office");
    await user.click(screen.getByText("Logout", { exact: true }));
    await waitFor(() => expect(localStorage.getItem("token")).toBeNull());
    expect(gateway.lastCall("logout")).toBeDefined();
  });
});

describe("Register", () => {
  it("has the four fields and the 'Log in' and 'Back to home' links", async () => {
    renderApp("/register");
    for (const label of ["Name", "Email", "Password", "Confirm Password"]) expect(await screen.findByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  it("registers, then goes to /login with the gateway's message", async () => {
    const user = setupUser();
    renderApp("/register");
    await enter(user, await screen.findByLabelText("Name"), "Dana");
    await enter(user, screen.getByLabelText("Email"), "dana@example.com");
    await enter(user, screen.getByLabelText("Password"), "dana-pass-1");
    await enter(user, screen.getByLabelText("Confirm Password"), "dana-pass-1");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(await screen.findByRole("alert")).toHaveTextContent(/waits for an administrator.s approval/);
    expect(gateway.lastCall("register").variables).toEqual({
      name: "Dana",
      email: "dana@example.com",
      password: "dana-pass-1",
      password2: "dana-pass-1",
    });
  });

  it("shows field errors under the inputs", async () => {
    const user = setupUser();
    renderApp("/register");
    gateway.failNext("register", badInput({ password2: "Passwords do not match" }));
    await user.click(await screen.findByRole("button", { name: "Register" }));
    await waitFor(() => expect(screen.getByText("Passwords do not match")).toBeInTheDocument());
    expect(screen.getByLabelText("Confirm Password")).toHaveAttribute("aria-invalid", "true");
  });
});
