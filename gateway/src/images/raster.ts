import { imageSize } from "image-size";
import type { ImageKind } from "../resources/kit/fields";

/** image-size's name for each raster kind the store takes. */
const detected: Partial<Record<ImageKind, string>> = { png: "png", jpg: "jpg", gif: "gif", webp: "webp" };

const megapixels = (pixels: number) => `${Number((pixels / 1e6).toFixed(2))} megapixels`;

/**
 * Why a raster cannot be taken, read from its header alone (image-size): a
 * decompression bomb (a small file claiming 40,000 × 40,000 pixels) is refused
 * without being decoded. `what` names the picture in the message.
 */
export function rasterError(bytes: Buffer, kind: ImageKind, maxPixels: number, what = "Image"): string | undefined {
  const damaged = what === "Image" ? "The image is damaged or incomplete" : `${what} is damaged or incomplete`;
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return damaged;
  }
  const { width = 0, height = 0 } = size;
  // The header must be the kind the magic bytes announced, or a browser may read other dimensions than these.
  if (size.type !== detected[kind] || !(width > 0 && height > 0)) return damaged;
  if (width * height > maxPixels) return `${what} is too large: ${width} × ${height} pixels, at most ${megapixels(maxPixels)}`;
  return undefined;
}
