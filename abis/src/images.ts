/**
 * The upload image rules, one table for the admin's file
 * choosers and the gateway's content checks, so the two cannot drift.
 */
export type ImageKind = "png" | "jpg" | "webp" | "gif" | "svg";

/** File-name extensions of each kind, compared without regard to case. */
export const EXTENSIONS: Readonly<Record<ImageKind, readonly string[]>> = {
  png: ["png"],
  jpg: ["jpg", "jpeg"],
  webp: ["webp"],
  gif: ["gif"],
  svg: ["svg"],
};

export type ImageRule = "pngSvg" | "landing" | "landingBlock" | "any";

/** Which kinds each kind of upload takes, and the refusal the original screens word for it. */
export const IMAGE_RULES: Readonly<Record<ImageRule, { kinds: readonly ImageKind[]; refusal: string }>> = {
  /** Home page, home image, farm, feature, roadmap and news-update images. */
  pngSvg: { kinds: ["png", "svg"], refusal: "Allowed Only PNG File" },
  /** The landing-page block's main image. */
  landing: { kinds: ["jpg", "webp", "png"], refusal: "Allowed Only JPG, WEBP, PNG File" },
  /** Landing content-block images: GIF too. */
  landingBlock: { kinds: ["jpg", "webp", "png", "gif"], refusal: "Allowed Only JPG, WEBP, PNG File" },
  /** Other images (news, articles): any raster or SVG. */
  any: { kinds: ["png", "jpg", "webp", "gif", "svg"], refusal: "Allowed Only PNG, JPG, WEBP, GIF, SVG File" },
};

/** The lower-case extension of a file name ("" without one). */
export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
};

/** Whether a file of this name is one of the rule's kinds, by its extension (the gateway checks the content again). */
export const acceptsFileName = (rule: ImageRule, fileName: string) =>
  IMAGE_RULES[rule].kinds.some((kind) => EXTENSIONS[kind].includes(extensionOf(fileName)));

/** One image field's rule: what a create takes and, where an update takes other kinds, what an update takes. */
export interface ImageField {
  rule: ImageRule;
  /** News updates take PNG or SVG only, while adding news takes any image. */
  updateRule?: ImageRule;
}

/**
 * Every image field of the API, by GraphQL type (each has one, `imageUri`,
 * uploaded through `file`): the gateway declares its columns from this table
 * and the admin's file inputs check the same rule at selection.
 */
export const IMAGE_FIELDS = {
  News: { rule: "any", updateRule: "pngSvg" },
  NewsDescription: { rule: "any" },
  Article: { rule: "any" },
  ArticleImage: { rule: "any" },
  HomeImage: { rule: "pngSvg" },
  Pool: { rule: "pngSvg" },
  LandingBlock: { rule: "landing" },
  About: { rule: "pngSvg" },
  Feature: { rule: "pngSvg" },
  FeatureDescription: { rule: "pngSvg" },
  HomePage: { rule: "pngSvg" },
  Roadmap: { rule: "pngSvg" },
} as const satisfies Record<string, ImageField>;

export type ImageFieldType = keyof typeof IMAGE_FIELDS;

/** The rule a type's image takes on create or update; undefined for a type without an image. */
export function imageRuleOf(type: string | undefined, op: "create" | "update"): ImageRule | undefined {
  const spec: ImageField | undefined = type && Object.hasOwn(IMAGE_FIELDS, type) ? IMAGE_FIELDS[type as ImageFieldType] : undefined;
  if (!spec) return undefined;
  return op === "update" ? (spec.updateRule ?? spec.rule) : spec.rule;
}
