import { imageUrl } from "../config";

/** A 50px-wide thumbnail of an image served from /Images (`alt`: what it shows; by default its file name). */
export function ImageThumb({ name, width = 50, alt }: { name?: string | null; width?: number; alt?: string }) {
  const src = imageUrl(name);
  if (!src) return null;
  return (
    <img src={src} alt={alt ?? name ?? ""} width={width} style={{ maxHeight: 80, objectFit: "contain", display: "block" }} loading="lazy" />
  );
}
