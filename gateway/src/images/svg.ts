import createDOMPurify, { type DOMPurify } from "dompurify";
import { JSDOM } from "jsdom";

/**
 * SVG through an allowlist sanitiser (DOMPurify's SVG profile, on jsdom).
 * Anything that could run, navigate or fetch (scripts, handlers, animations
 * that retarget links or handlers, external references, `@import`) refuses the
 * file with the reason; anything else outside the allowlist (editor metadata
 * such as Inkscape's) is dropped. What is stored is the sanitised tree,
 * serialised as XML, never the bytes received.
 */

const ACTIVE_ELEMENTS: Record<string, string> = {
  script: "SVG scripts are not allowed",
  handler: "SVG <handler> is not allowed",
  listener: "SVG <listener> is not allowed",
  foreignobject: "SVG <foreignObject> is not allowed",
  iframe: "SVG <iframe> is not allowed",
  embed: "SVG <embed> is not allowed",
  object: "SVG <object> is not allowed",
};
const ANIMATIONS = new Set(["animate", "set", "animatemotion", "animatetransform", "animatecolor", "discard"]);
/** A reference that stays inside the file: `#id`, or an embedded raster. */
const LOCAL_REF = /^(#|data:image\/(png|jpeg|gif|webp)[;,])/i;
/** CSS that fetches: `@import`, or `url(...)` to anything but `#id` or an embedded raster. */
const CSS_FETCH = /@import|url\s*\(\s*(?!['"]?\s*(#|data:image\/(png|jpeg|gif|webp)[;,]))/i;
const SCRIPT_SCHEME = /^(javascript|vbscript|data):/i;

let instance: { purify: DOMPurify; serialize(node: Node): string } | undefined;
/** The reasons found by the hooks during the sanitize call in progress (sanitize is synchronous). */
let reasons: string[] = [];

function purifier() {
  if (instance) return instance;
  const { window } = new JSDOM("");
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook("uponSanitizeElement", (node, data) => {
    const tag = data.tagName;
    if (ACTIVE_ELEMENTS[tag]) reasons.push(ACTIVE_ELEMENTS[tag]);
    const element = node as Element;
    // An animation may retarget a link or a handler (<set attributeName="onmouseover">): that is script.
    if (ANIMATIONS.has(tag) && /^on|href$/i.test((element.getAttribute?.("attributeName") ?? "").trim())) {
      reasons.push("SVG animations of links or handlers are not allowed");
    }
    if (tag === "style" && CSS_FETCH.test(node.textContent ?? "")) reasons.push("SVG external references are not allowed");
  });
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    const name = data.attrName;
    const value = data.attrValue.replace(/[\s\u0000-\u001f]/g, "");
    if (name.startsWith("on")) {
      reasons.push("SVG event handlers are not allowed");
      data.keepAttr = false;
    } else if (name === "href" || name.endsWith(":href")) {
      if (!LOCAL_REF.test(value)) {
        reasons.push(SCRIPT_SCHEME.test(value) ? "SVG script links are not allowed" : "SVG external references are not allowed");
        data.keepAttr = false;
      }
    } else if (name === "style" && (CSS_FETCH.test(data.attrValue) || /expression\s*\(/i.test(data.attrValue))) {
      reasons.push("SVG external references are not allowed");
      data.keepAttr = false;
    }
  });
  const serializer = new window.XMLSerializer();
  instance = { purify, serialize: (node) => serializer.serializeToString(node) };
  return instance;
}

/** The sanitised SVG to store, or why the file is refused. */
export function sanitizeSvg(bytes: Buffer): { svg: Buffer } | { error: string } {
  const text = bytes.toString("utf8");
  if (/<!ENTITY/i.test(text)) return { error: "SVG entities are not allowed" };
  const { purify, serialize } = purifier();
  reasons = [];
  const body = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> is kept for references inside the file; the href hook refuses any other.
    ADD_TAGS: ["use"],
    RETURN_DOM: true,
  }) as unknown as Element;
  const found = reasons;
  reasons = [];
  if (found.length) return { error: found[0] };
  const roots = [...body.children];
  if (roots.length !== 1 || roots[0].localName !== "svg") return { error: "Not an SVG image" };
  return { svg: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${serialize(roots[0])}\n`, "utf8") };
}
