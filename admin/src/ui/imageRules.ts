/**
 * The client-side image checks: the rule of each image field comes from
 * @presale/abis's IMAGE_FIELDS (the gateway declares its fields from the same
 * table and checks the content again); here the i18n key
 * of each refusal (its text is the gateway's, test/ui/exporters.test.ts holds
 * them equal) and what a chooser offers.
 */
import { acceptsFileName, EXTENSIONS, IMAGE_RULES, imageRuleOf, type ImageRule } from "@presale/abis";

export type { ImageRule };
export { imageRuleOf };

export const REFUSAL: Record<ImageRule, string> = {
  pngSvg: "app.image.png_only",
  landing: "app.image.landing_only",
  landingBlock: "app.image.landing_only",
  any: "app.image.any_only",
};

/** The i18n key of the refusal, or null when the file may be uploaded. */
export function checkImageName(fileName: string, rule: ImageRule): string | null {
  return acceptsFileName(rule, fileName) ? null : REFUSAL[rule];
}

/** What the file chooser offers (a hint only: the check above decides). */
export function acceptOf(rule: ImageRule): string {
  return IMAGE_RULES[rule].kinds.flatMap((kind) => EXTENSIONS[kind].map((extension) => `.${extension}`)).join(",");
}

/** The kinds a rule takes, for a hint: "PNG, SVG". */
export function kindsOf(rule: ImageRule): string {
  return IMAGE_RULES[rule].kinds.map((kind) => kind.toUpperCase()).join(", ");
}

/**
 * The rules an image input checks: an explicit one (a file that is no
 * resource field, such as a landing content block's image), else the
 * resource type's for a create or an update, with the other operation's when
 * the two differ (news: any image on add, PNG or SVG on update).
 */
export function rulesOf(type: string | undefined, op: "create" | "update", explicit?: ImageRule): { rule: ImageRule; other?: ImageRule } {
  if (explicit) return { rule: explicit };
  const rule = imageRuleOf(type, op) ?? "any";
  const other = imageRuleOf(type, op === "create" ? "update" : "create") ?? rule;
  return other === rule ? { rule } : { rule, other };
}

/** The hint under an input naming what it takes: i18n key and arguments. */
export function hintOf(op: "create" | "update", rules: { rule: ImageRule; other?: ImageRule }): [string, Record<string, string>] {
  const kinds = kindsOf(rules.rule);
  if (!rules.other) return ["app.image.takes", { kinds }];
  return [op === "create" ? "app.image.add_takes" : "app.image.update_takes", { kinds, other: kindsOf(rules.other) }];
}
