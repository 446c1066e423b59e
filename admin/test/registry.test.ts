import { IMAGE_FIELDS, IMAGE_RULES, type ImageRule } from "@presale/abis";
import { en } from "../src/i18n/en";
import schema from "../src/providers/schema.json";
import { SCREENS } from "../src/registry";
import { checkImageName, hintOf, REFUSAL, rulesOf } from "../src/ui/imageRules";

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

describe("the image rules the file inputs check", () => {
  const text = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

  it("refuse with the gateway's own message, for every rule", () => {
    for (const rule of Object.keys(IMAGE_RULES) as ImageRule[]) expect(text(REFUSAL[rule])).toBe(IMAGE_RULES[rule].refusal);
  });

  it("come from IMAGE_FIELDS for types that screens edit, and check at selection for 'any' too", () => {
    const edited = new Set(SCREENS.map((screen) => screen.type));
    for (const type of Object.keys(IMAGE_FIELDS)) if (type !== "Pool") expect(edited).toContain(type);
    expect(checkImageName("notes.txt", rulesOf("Article", "create").rule)).toBe("app.image.any_only");
    expect(checkImageName("photo.JPEG", rulesOf("Article", "update").rule)).toBeNull();
    expect(checkImageName("photo.jpg", rulesOf("HomeImage", "update").rule)).toBe("app.image.png_only");
    expect(checkImageName("block.gif", rulesOf("LandingBlock", "update", "landingBlock").rule)).toBeNull();
    expect(checkImageName("main.gif", rulesOf("LandingBlock", "update").rule)).toBe("app.image.landing_only");
  });

  it("hint at what an input takes, and where add and update take different kinds, say so", () => {
    expect(hintOf("update", rulesOf("HomeImage", "update"))).toEqual(["app.image.takes", { kinds: "PNG, SVG" }]);
    expect(hintOf("create", rulesOf("News", "create"))).toEqual([
      "app.image.add_takes",
      { kinds: "PNG, JPG, WEBP, GIF, SVG", other: "PNG, SVG" },
    ]);
    expect(hintOf("update", rulesOf("News", "update"))).toEqual([
      "app.image.update_takes",
      { kinds: "PNG, SVG", other: "PNG, JPG, WEBP, GIF, SVG" },
    ]);
  });
});
