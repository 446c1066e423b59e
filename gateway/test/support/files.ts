import { readFileSync } from "fs";
import path from "path";

const seed = (name: string) => readFileSync(path.join(__dirname, "../../../db/images", name));

/** Real image bytes of each kind, and impostors. */
export const files = {
  png: seed("news.png"),
  png2: seed("farms.png"),
  svg: seed("logo.svg"),
  jpg: Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "base64",
  ),
  gif: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
  webp: Buffer.from("UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=", "base64"),
  text: Buffer.from("just some text pretending to be a png"),
  pngNamedButHtml: Buffer.from("<html><script>alert(1)</script></html>"),
  svgWithScript: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  svgWithHandler: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)" width="1" height="1"/></svg>'),
  svgWithJsLink: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>',
  ),
};
