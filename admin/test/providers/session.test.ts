import {
  activeSession,
  clearSession,
  decodeToken,
  isExpired,
  readSession,
  saveSession,
  takeSignedOutReason,
} from "../../src/providers/session";
import { fakeToken } from "../support/fakeGateway";

describe("session", () => {
  it("decodes the token's payload", () => {
    const token = fakeToken({ name: "admin", role: "admin" });
    expect(decodeToken(token)).toMatchObject({ name: "admin", role: "admin", sub: "1" });
    expect(decodeToken("not-a-jwt")).toBeNull();
    expect(decodeToken("a.b.c")).toBeNull();
  });

  it("compares the expiry in seconds", () => {
    expect(isExpired({ exp: 100 }, 100_999)).toBe(false);
    expect(isExpired({ exp: 100 }, 101_000)).toBe(true);
    expect(isExpired({}, Date.now())).toBe(false);
  });

  it("stores the token and name, and forgets an expired one", () => {
    saveSession(fakeToken({ name: "bob" }), "bob");
    expect(activeSession()?.name).toBe("bob");
    saveSession(fakeToken({ name: "bob" }, -10), "bob");
    expect(readSession()).not.toBeNull();
    expect(activeSession()).toBeNull();
  });

  it("remembers why the user was signed out until the next sign-in, not in storage", () => {
    saveSession(fakeToken(), "x");
    clearSession("expired");
    expect(localStorage.getItem("token")).toBeNull();
    expect(takeSignedOutReason()).toBe("expired");
    // Out of storage (a reload does not repeat it), yet a second mount of the login screen still says it.
    expect(sessionStorage.length).toBe(0);
    expect(takeSignedOutReason()).toBe("expired");
    // Cleared again without a reason meanwhile (a stale request's refusal): the reason given stays.
    clearSession();
    expect(takeSignedOutReason()).toBe("expired");
    saveSession(fakeToken(), "x");
    expect(takeSignedOutReason()).toBeNull();
    clearSession();
    expect(takeSignedOutReason()).toBeNull();
  });
});
