import { acceptsFileName, IMAGE_FIELDS, imageRuleOf, type ImageField } from "../src/images";

describe("image fields", () => {
  it("gives each field's rule on create and update: News takes any image on add and PNG or SVG on update", () => {
    expect([imageRuleOf("News", "create"), imageRuleOf("News", "update")]).toEqual(["any", "pngSvg"]);
    expect([imageRuleOf("HomeImage", "create"), imageRuleOf("HomeImage", "update")]).toEqual(["pngSvg", "pngSvg"]);
    expect(imageRuleOf("LandingBlock", "update")).toBe("landing");
    expect(imageRuleOf("Setting", "create")).toBeUndefined();
    expect(imageRuleOf("toString", "create")).toBeUndefined();
    expect(imageRuleOf(undefined, "create")).toBeUndefined();
  });

  it("names a rule every field's add and update share, except where an update takes other kinds", () => {
    const fields: Record<string, ImageField> = IMAGE_FIELDS;
    const differing = Object.entries(fields).filter(([, field]) => field.updateRule && field.updateRule !== field.rule);
    expect(differing.map(([type]) => type)).toEqual(["News"]);
  });

  it("checks names by extension, without regard to case", () => {
    expect(acceptsFileName("any", "a.JPEG")).toBe(true);
    expect(acceptsFileName("any", "notes.txt")).toBe(false);
    expect(acceptsFileName("pngSvg", "logo.SVG")).toBe(true);
    expect(acceptsFileName("landing", "block.gif")).toBe(false);
    expect(acceptsFileName("landingBlock", "block.gif")).toBe(true);
  });
});
