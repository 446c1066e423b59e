import { terminalDestination } from "../src/logger";
import { ADMIN, startTestApp } from "./support/testApp";

describe("logs", () => {
  it("are structured, carry a request id, and never hold a password or token", async () => {
    const lines: string[] = [];
    const app = await startTestApp({ logTo: { write: (line) => lines.push(line) } });
    try {
      const token = await app.adminToken();
      const res = await app.http.post("/graphql").set("Authorization", token).set("X-Request-Id", "req-123").send({
        query: `mutation { createUser(name: "L", email: "l@example.com", password: "logged-secret-pw", password2: "logged-secret-pw") { id } }`,
      });
      expect(res.headers["x-request-id"]).toBe("req-123");
      await app.gql(`mutation { login(email: "${ADMIN.email}", password: "wrong-but-secret") { token } }`);

      const entries = lines.map((l) => JSON.parse(l));
      const line = entries.find((e) => e.req?.id === "req-123" && e.res?.statusCode === 200);
      expect(line).toBeDefined();
      // One request line holds what names the request, not every header of both sides.
      expect(Object.keys(line.req).sort()).toEqual(["id", "method", "remoteAddress", "url"]);
      expect(line.req).toMatchObject({ method: "POST", url: "/graphql" });
      expect(line.res).toEqual({ statusCode: 200 });
      const text = lines.join("\n");
      for (const secret of [ADMIN.password, "logged-secret-pw", "wrong-but-secret", token.replace("Bearer ", "")]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });

  it("at LOG_LEVEL=warn write no line per request, and still name each answer's request", async () => {
    const lines: string[] = [];
    const app = await startTestApp({ logTo: { write: (line) => lines.push(line) }, env: { LOG_LEVEL: "warn" } });
    try {
      const named = await app.http.get("/api/get/news").set("X-Request-Id", "req-warn");
      const generated = await app.http.get("/api/get/news");
      expect(named.headers["x-request-id"]).toBe("req-warn");
      expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.filter((line) => JSON.parse(line).req)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("are pretty lines only in a terminal while developing, JSON lines otherwise", () => {
    expect(terminalDestination(true, { isTTY: true })).toBeUndefined();
    expect(terminalDestination(false, { isTTY: false })).toBeUndefined();
    expect(terminalDestination(false, {})).toBeUndefined();
    const pretty = terminalDestination(false, { isTTY: true });
    expect(pretty).toBeDefined();
    expect(typeof pretty!.write).toBe("function");
  });
});
