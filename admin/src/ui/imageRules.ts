/**
 * The client-side image checks of SPEC section 5: the kinds each upload takes
 * come from @presale/abis (the gateway checks the same table, by content);
 * here only the i18n key of each refusal.
 */
import { acceptsFileName, EXTENSIONS, IMAGE_RULES, type ImageRule } from "@presale/abis";

export type { ImageRule };

const REFUSAL: Record<ImageRule, string | null> = {
  pngSvg: "app.image.png_only",
  landing: "app.image.landing_only",
  landingBlock: "app.image.landing_only",
  any: null,
};

/** The i18n key of the refusal, or null when the file may be uploaded. */
export function checkImageName(fileName: string, rule: ImageRule): string | null {
  const refusal = REFUSAL[rule];
  return refusal === null || acceptsFileName(rule, fileName) ? null : refusal;
}

/** What the file chooser offers (a hint only: the check above decides). */
export function acceptOf(rule: ImageRule): string {
  if (rule === "any") return "image/*";
  return IMAGE_RULES[rule].kinds.flatMap((kind) => EXTENSIONS[kind].map((extension) => `.${extension}`)).join(",");
}
