/**
 * The client-side image checks of SPEC section 5, by file extension and
 * without regard to case. The gateway checks the content again.
 */
export type ImageRule = "pngSvg" | "landing" | "landingBlock" | "any";

const RULES: Record<Exclude<ImageRule, "any">, { extensions: string[]; message: string }> = {
  /** Home page, home image, farm, feature, roadmap and news-update images. */
  pngSvg: { extensions: ["png", "svg"], message: "app.image.png_only" },
  /** Landing-page block images (main image). */
  landing: { extensions: ["jpg", "jpeg", "webp", "png"], message: "app.image.landing_only" },
  /** Landing content-block images: GIF too. */
  landingBlock: { extensions: ["jpg", "jpeg", "webp", "png", "gif"], message: "app.image.landing_only" },
};

export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
};

/** The i18n key of the refusal, or null when the file may be uploaded. */
export function checkImageName(fileName: string, rule: ImageRule): string | null {
  if (rule === "any") return null;
  const { extensions, message } = RULES[rule];
  return extensions.includes(extensionOf(fileName)) ? null : message;
}

/** What the file chooser offers (a hint only: the check above decides). */
export function acceptOf(rule: ImageRule): string {
  if (rule === "any") return "image/*";
  return RULES[rule].extensions.map((e) => `.${e}`).join(",");
}
