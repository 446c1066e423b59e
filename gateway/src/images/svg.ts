import createDOMPurify, { type DOMPurify } from "dompurify";
import { cssReferences } from "./css";
import { rasterError } from "./raster";
import { sniffImage } from "./sniff";
import { svgShapeError } from "./svgShape";

/**
 * SVG through an allowlist sanitiser (DOMPurify's SVG profile, on jsdom).
 * The file is read as browsers read an .svg, as XML (an HTML parse would also
 * expose the HTML parser's blow-ups: 27 kB of unclosed <b> became four million
 * elements). Anything that could run, navigate or fetch (scripts, handlers,
 * animations that retarget links or handlers, external references, `@import`)
 * refuses the file with the reason; anything else outside the allowlist
 * (editor metadata such as Inkscape's) is dropped. What is stored is the
 * sanitised tree, serialised as XML, never the bytes received.
 */

const SVG_NS = "http://www.w3.org/2000/svg";
const SCRIPTS = "SVG scripts are not allowed";
const HANDLERS = "SVG event handlers are not allowed";
const SCRIPT_LINKS = "SVG script links are not allowed";
const EXTERNAL = "SVG external references are not allowed";

const ACTIVE_ELEMENTS: Record<string, string> = {
  script: SCRIPTS,
  handler: "SVG <handler> is not allowed",
  listener: "SVG <listener> is not allowed",
  foreignobject: "SVG <foreignObject> is not allowed",
  iframe: "SVG <iframe> is not allowed",
  embed: "SVG <embed> is not allowed",
  object: "SVG <object> is not allowed",
};
const ANIMATIONS = new Set(["animate", "set", "animatemotion", "animatetransform", "animatecolor", "discard"]);
/** The characters XML 1.0 forbids: left in, the stored file would not parse. */
// eslint-disable-next-line no-control-regex -- these control characters are what it looks for
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** The state of the sanitize call in progress (sanitize is synchronous, so one at a time). */
let pass = { reasons: [] as string[], maxPixels: 0 };
let instance: { purify: DOMPurify; parse(text: string): Document; serialize(node: Node): string } | undefined;

/** Why a link or url() is refused: only `#id` in the same file and embedded rasters within the pixel limit are kept. */
function referenceError(raw: string, maxPixels: number): string | undefined {
  // Read as URL parsers read it: tabs and newlines dropped anywhere, spaces and controls at either end.
  // eslint-disable-next-line no-control-regex -- URL parsers strip exactly these control characters
  const url = raw.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (url === "" || url.startsWith("#")) return undefined;
  const data = /^data:image\/(png|jpeg|gif|webp)(;[^,;]*)*?(;base64)?,/i.exec(url);
  if (data) return embeddedError(url.slice(data[0].length), Boolean(data[3]), maxPixels);
  // eslint-disable-next-line no-control-regex -- browsers ignore these control characters inside a scheme
  return /^(javascript|vbscript|data):/i.test(raw.replace(/[\s\u0000-\u001f]/g, "")) ? SCRIPT_LINKS : EXTERNAL;
}

/** An embedded raster is a picture like any upload: the same header-only pixel limit. */
function embeddedError(payload: string, base64: boolean, maxPixels: number): string | undefined {
  const text = payload.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const bytes = base64 ? Buffer.from(text.replace(/[\t\n\f\r ]/g, ""), "base64") : Buffer.from(text, "latin1");
  const kind = sniffImage(bytes);
  if (!kind || kind === "svg") return "An embedded image is damaged or incomplete";
  return rasterError(bytes, kind, maxPixels, "An embedded image");
}

/** `declarations`: a stylesheet or style attribute, where bare-string fetches (@import, image-set) also work. */
function cssError(css: string, declarations: boolean, maxPixels: number): string | undefined {
  const refs = cssReferences(css);
  if (refs.script) return SCRIPTS;
  if (declarations && refs.fetches) return EXTERNAL;
  for (const url of refs.urls) {
    const error = referenceError(url, maxPixels);
    if (error) return error;
  }
  return undefined;
}

const isHref = (name: string) => name === "href" || name.endsWith(":href");

/** Any kept attribute may carry CSS (style, fill="url(...)", animation values); links are href, plain or xlink. */
function attributeError(name: string, value: string, maxPixels: number): string | undefined {
  if (name.startsWith("on")) return HANDLERS;
  if (isHref(name)) return referenceError(value, maxPixels);
  return cssError(value, name === "style", maxPixels);
}

function purifier() {
  if (instance) return instance;
  // Loaded on the first SVG, not with the module: jsdom is a large tree to load (about a second of CPU), and most
  // processes (the gateway's start, every test file) never sanitise an SVG.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous load on first use
  const { JSDOM } = require("jsdom") as typeof import("jsdom");
  const { window } = new JSDOM("");
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  // The hooks see what DOMPurify is about to drop, so a refusal can say what was found.
  purify.addHook("uponSanitizeElement", (node, data) => {
    const tag = data.tagName.replace(/^.*:/, "");
    if (ACTIVE_ELEMENTS[tag]) pass.reasons.push(ACTIVE_ELEMENTS[tag]);
    // An animation may retarget a link or a handler (<set attributeName="onmouseover">): that is script.
    const target = ((node as Element).getAttribute?.("attributeName") ?? "").trim();
    if (ANIMATIONS.has(tag) && /^on|href$/i.test(target)) pass.reasons.push("SVG animations of links or handlers are not allowed");
  });
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    // CSS is left to the check of the stored tree: an attribute DOMPurify drops (an editor's label) cannot fetch.
    const name = data.attrName;
    const error = name.startsWith("on") ? HANDLERS : isHref(name) ? referenceError(data.attrValue, pass.maxPixels) : undefined;
    if (error) {
      pass.reasons.push(error);
      data.keepAttr = false;
    }
  });
  const parser = new window.DOMParser();
  const serializer = new window.XMLSerializer();
  instance = {
    purify,
    parse: (text) => parser.parseFromString(text, "image/svg+xml"),
    serialize: (node) => serializer.serializeToString(node),
  };
  return instance;
}

/**
 * What the sanitised tree still holds, checked again: DOMPurify can join text
 * across an element it removes (`@imp<video>x</video>ort` becomes `@import`),
 * so the hooks' view is not the last word.
 */
function storedError(root: Element, maxPixels: number): string | undefined {
  for (const element of elementsOf(root)) {
    if (element.localName === "style") {
      const error = cssError(element.textContent ?? "", true, maxPixels);
      if (error) return error;
    }
    for (const attr of element.attributes) {
      const error = attributeError(attr.name.toLowerCase(), attr.value, maxPixels);
      if (error) return error;
    }
  }
  return undefined;
}

/** Document order, without jsdom's live collections (their proxies make a walk of thousands of elements take seconds). */
function* elementsOf(root: Element): Generator<Element> {
  let node: Element | null = root;
  while (node) {
    yield node;
    if (node.firstElementChild) node = node.firstElementChild;
    else {
      while (node && node !== root && !node.nextElementSibling) node = node.parentElement;
      node = node && node !== root ? node.nextElementSibling : null;
    }
  }
}

/** CDATA sections are text to a browser, but DOMPurify drops them, and with them an editor's stylesheet. */
function cdataToText(root: Element) {
  for (const element of elementsOf(root)) {
    for (const child of [...element.childNodes]) {
      if (child.nodeType === child.CDATA_SECTION_NODE)
        element.replaceChild(element.ownerDocument.createTextNode(child.nodeValue ?? ""), child);
    }
  }
}

/** The sanitised SVG to store, or why the file is refused. `maxPixels` bounds embedded rasters. */
export function sanitizeSvg(bytes: Buffer, maxPixels: number): { svg: Buffer } | { error: string } {
  const text = bytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .replace(NOT_XML, "");
  if (/<!ENTITY/i.test(text)) return { error: "SVG entities are not allowed" };
  const shapeError = svgShapeError(text);
  if (shapeError) return { error: shapeError };
  const { purify, parse, serialize } = purifier();
  const root = parse(text).documentElement;
  // A prefixed root (<svg:svg>) is SVG too, but DOMPurify's allowlist names elements unprefixed.
  if (root?.localName !== "svg" || root.namespaceURI !== SVG_NS || root.prefix) return { error: "Not an SVG image" };
  cdataToText(root);
  const found: string[] = [];
  pass = { reasons: found, maxPixels };
  try {
    purify.sanitize(root, {
      IN_PLACE: true,
      USE_PROFILES: { svg: true, svgFilters: true },
      // <use> is kept for references inside the file; the href check refuses any other.
      ADD_TAGS: ["use"],
    });
  } finally {
    pass = { reasons: [], maxPixels: 0 };
  }
  if (found.length) return { error: found[0] };
  const error = storedError(root, maxPixels);
  if (error) return { error };
  return { svg: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root)}\n`, "utf8") };
}
