import schema from "../src/providers/schema.json";
import { SCREENS } from "../src/registry";

const typeNames = new Set((schema as { types: { name: string }[] }).types.map((type) => type.name));

describe("the screen registry", () => {
  it("names GraphQL types the gateway's schema has", () => {
    for (const { type } of SCREENS.filter((screen) => screen.type)) expect(typeNames).toContain(type);
  });

  it("has one row per route, each a page or a resource", () => {
    const routes = SCREENS.map((screen) => screen.route.toLowerCase());
    expect(new Set(routes).size).toBe(routes.length);
    for (const screen of SCREENS) expect(!!screen.page !== !!screen.type).toBe(true);
  });

  it("loads every list screen and page it names", async () => {
    for (const screen of SCREENS) {
      const load = screen.list ?? screen.page;
      if (load) expect(await load()).toBeInstanceOf(Function);
    }
  });
});
