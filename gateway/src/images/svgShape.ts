import { createRequire } from "module";

interface SaxesParser {
  on(event: "attribute" | "opentag" | "closetag", handler: () => void): void;
  on(event: "error", handler: (e: Error) => void): void;
  write(text: string): { close(): void };
}

/**
 * jsdom's own XML parser (saxes, a dependency of jsdom, so installed with it),
 * with the options jsdom gives it: what passes here is what jsdom will parse,
 * and it is read in one linear pass without building a tree.
 */
const { SaxesParser } = createRequire(require.resolve("jsdom"))("saxes") as {
  SaxesParser: new (options: Record<string, unknown>) => SaxesParser;
};

/**
 * jsdom's cost grows with elements × depth (20,000 nested <g>, 140 kB, took a
 * minute) and with the siblings it removes. At these bounds the worst file is
 * sanitised in 1 to 2 s, about what a 5 MB path costs; drawings (tens to a few
 * thousand elements, a few dozen levels) are far inside them.
 */
export const SVG_LIMITS = { elements: 5_000, depth: 100, attributes: 100 };

class Refusal {
  constructor(readonly message: string) {}
}

/**
 * Why an SVG is refused before jsdom builds it: not well-formed XML (a browser
 * would not draw it either), or bigger than SVG_LIMITS. The read stops at the
 * first limit passed, so the parser's own work (it looks prefixes up the open
 * elements) stays bounded too.
 */
export function svgShapeError(text: string): string | undefined {
  const parser = new SaxesParser({ xmlns: true, defaultXMLVersion: "1.0", forceXMLVersion: true });
  const { elements: maxElements, depth: maxDepth, attributes: maxAttributes } = SVG_LIMITS;
  let elements = 0;
  let depth = 0;
  let attributes = 0;
  parser.on("attribute", () => {
    if (++attributes > maxAttributes) throw new Refusal(`SVG image is too complex: more than ${maxAttributes} attributes on one element`);
  });
  parser.on("opentag", () => {
    attributes = 0;
    if (++elements > maxElements) throw new Refusal(`SVG image is too complex: more than ${maxElements} elements`);
    if (++depth > maxDepth) throw new Refusal(`SVG image is too complex: more than ${maxDepth} levels of nesting`);
  });
  parser.on("closetag", () => {
    depth--;
  });
  parser.on("error", (e) => {
    throw new Refusal(`SVG image is not well-formed XML: ${e.message}`);
  });
  try {
    parser.write(text).close();
  } catch (e) {
    if (e instanceof Refusal) return e.message;
    throw e;
  }
  return undefined;
}
