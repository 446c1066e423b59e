import { createHash } from "crypto";
import { IMAGE_RULES, type ImageKind, type ImageRule } from "@presale/abis";
import { rasterError } from "./raster";
import { sniffImage } from "./sniff";
import { sanitizeSvg } from "./svg";

const extensionOf: Record<ImageKind, string> = { png: "png", jpg: "jpg", webp: "webp", gif: "gif", svg: "svg" };

/** What would be stored for a checked image: the (sanitised) bytes under their content-hash name. */
export interface CheckedImage {
  name: string;
  bytes: Buffer;
}

/**
 * Checks bytes against an upload rule's kinds and the limits, whichever store
 * keeps them: gives what would be stored and its name, or why not.
 */
export function checkImage(bytes: Buffer, rule: ImageRule, maxPixels: number): { image: CheckedImage } | { error: string } {
  if (bytes.length === 0) return { error: "The file is empty" };
  const kind = sniffImage(bytes);
  if (!kind || !IMAGE_RULES[rule].kinds.includes(kind)) return { error: IMAGE_RULES[rule].refusal };
  let stored = bytes;
  if (kind === "svg") {
    const clean = sanitizeSvg(bytes, maxPixels);
    if ("error" in clean) return clean;
    stored = clean.svg;
  } else {
    const error = rasterError(bytes, kind, maxPixels);
    if (error) return { error };
  }
  const hash = createHash("sha256").update(stored).digest("hex").slice(0, 32);
  return { image: { name: `${hash}.${extensionOf[kind]}`, bytes: stored } };
}
