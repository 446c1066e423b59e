/**
 * Names an image may be asked for: what the stores write (a content hash and
 * an extension) and any plain file name a deployment copied in, but never a
 * path, a dot-name (staging and probe files) or anything needing escaping.
 */
const IMAGE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export const isImageName = (name: string) => IMAGE_NAME.test(name) && !name.includes("..");

const contentTypes: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  svg: "image/svg+xml",
};

/** The Content-Type an image is served with, by its extension (what express.static gives the disk store's files). */
export const contentTypeOf = (name: string) =>
  contentTypes[name.slice(name.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
