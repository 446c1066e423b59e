import { Parser } from "htmlparser2";
import type { ImageKind } from "../resources/kit/fields";

/** The image type of a file, told by its content (magic bytes), never by its name. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpg";
  if (bytes.subarray(0, 6).toString("latin1").match(/^GIF8[79]a$/)) return "gif";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") {
    return "webp";
  }
  if (looksLikeSvg(bytes)) return "svg";
  return undefined;
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString("utf8").replace(/^\uFEFF/, "");
  // Skip the XML declaration, comments and a doctype before the root element.
  const rest = head.replace(/^(\s|<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, "");
  return /^<svg[\s>]/i.test(rest);
}

/**
 * Why an SVG is unsafe to serve, or undefined when it is clean: no scripts,
 * no event handlers, no javascript: links, no embedded HTML, no external entities.
 */
export function unsafeSvgReason(bytes: Buffer): string | undefined {
  const text = bytes.toString("utf8");
  if (/<!ENTITY/i.test(text)) return "SVG entities are not allowed";
  let reason: string | undefined;
  let root: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const tag = name.toLowerCase().replace(/^.*:/, "");
        root ??= tag;
        if (tag === "script") reason ??= "SVG scripts are not allowed";
        if (tag === "foreignobject" || tag === "iframe" || tag === "embed" || tag === "object") {
          reason ??= `SVG <${name}> is not allowed`;
        }
        for (const [attr, value] of Object.entries(attrs)) {
          const a = attr.toLowerCase();
          if (a.startsWith("on")) reason ??= "SVG event handlers are not allowed";
          if ((a === "href" || a.endsWith(":href")) && /^(javascript|vbscript|data:(?!image\/(png|jpeg|gif|webp)))/i.test(value.replace(/[\s\u0000-\u001f]/g, ""))) {
            reason ??= "SVG script links are not allowed";
          }
        }
      },
    },
    { xmlMode: true, recognizeSelfClosing: true },
  );
  parser.write(text);
  parser.end();
  if (root !== "svg") return reason ?? "Not an SVG image";
  return reason;
}
