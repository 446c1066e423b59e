import { createRequire } from "module";

interface Parse5Node {
  attrs?: unknown[];
  childNodes?: Parse5Node[];
  /** A <template>'s children. */
  content?: Parse5Node;
  tagName?: string;
}

/**
 * jsdom's own HTML parser (a dependency of jsdom, so installed with it), with
 * the options of jsdom's DOMParser, which DOMPurify parses with: the tree
 * measured here is the tree DOMPurify would get, built without jsdom's
 * per-node cost.
 */
const parse5: { parse(html: string, options: { scriptingEnabled: boolean }): Parse5Node } = createRequire(require.resolve("jsdom"))("parse5");

export interface SvgShape {
  elements: number;
  depth: number;
  /** The most attributes on one element. */
  attributes: number;
}

/**
 * How big a tree an SVG makes, measured before jsdom builds it. jsdom's cost
 * grows with the depth of every node inserted (20,000 nested <g> take a minute)
 * and with the attributes of one element, so both are bounded before it runs.
 */
export function svgShape(text: string): SvgShape {
  const shape: SvgShape = { elements: 0, depth: 0, attributes: 0 };
  // Iterative: a recursive walk would overflow the stack on exactly the input being measured.
  // The parser wraps the file in <html><body>: counted from the root <svg>, at depth 1.
  const pending: [Parse5Node, number][] = [[parse5.parse(text, { scriptingEnabled: false }), -2]];
  while (pending.length) {
    const [node, depth] = pending.pop()!;
    if (node.tagName && depth > 0) {
      shape.elements++;
      shape.depth = Math.max(shape.depth, depth);
      shape.attributes = Math.max(shape.attributes, node.attrs?.length ?? 0);
    }
    for (const child of node.childNodes ?? []) pending.push([child, depth + 1]);
    if (node.content) pending.push([node.content, depth + 1]);
  }
  return shape;
}
