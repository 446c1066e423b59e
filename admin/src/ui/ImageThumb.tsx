import { imageUrl } from "../config";

/** A 50px-wide thumbnail of an image served from /Images. */
export function ImageThumb({ name, width = 50 }: { name?: string | null; width?: number }) {
  const src = imageUrl(name);
  if (!src) return null;
  return <img src={src} alt={name ?? ""} width={width} style={{ maxHeight: 80, objectFit: "contain", display: "block" }} loading="lazy" />;
}
