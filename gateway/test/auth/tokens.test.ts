import { TokenService } from "../../src/auth/tokens";

const USER = { id: 7, name: "T", email: "t@example.com", role: "admin" };

describe("session tokens", () => {
  afterEach(() => jest.useRealTimers());

  it("refuse a token once it expires, even one verified (and remembered) before", () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    const tokens = new TokenService("a-secret-of-enough-length-for-tests", "60s");
    const { token, expiresAt } = tokens.issue(USER, "session-1", 3);
    expect(tokens.verify(token)).toEqual({ userId: 7, sessionId: "session-1", tokenVersion: 3, expiresAt });
    jest.setSystemTime(expiresAt * 1000 - 1);
    expect(tokens.verify(token)?.sessionId).toBe("session-1");
    jest.setSystemTime(expiresAt * 1000);
    expect(tokens.verify(token)).toBeUndefined();
  });

  it("refuse a token signed with another secret or altered, whatever was verified before", () => {
    const tokens = new TokenService("a-secret-of-enough-length-for-tests", "60s");
    const other = new TokenService("another-secret-of-enough-length", "60s");
    const { token } = tokens.issue(USER, "session-2", 0);
    expect(tokens.verify(token)).toBeDefined();
    expect(other.verify(token)).toBeUndefined();
    const [head, body, signature] = token.split(".");
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), sub: "1" })).toString(
      "base64url",
    );
    expect(tokens.verify(`${head}.${altered}.${signature}`)).toBeUndefined();
  });
});
