import { MaxTokensParserWLexer } from "@escape.tech/graphql-armor-max-tokens";
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { DocumentNode, FragmentDefinitionNode, GraphQLError, Kind, SelectionSetNode } from "graphql";

export interface DocumentLimits {
  maxTokens: number;
  maxFieldRepeats: number;
}

/**
 * Checks the document before Apollo sees it (Apollo answers any error thrown
 * while parsing with a 500):
 * - tokens, counted while parsing (graphql-armor's parser), which stops at the
 *   limit, so a document of a megabyte costs as much as one of `maxTokens` tokens;
 * - how often one response name repeats in a selection set (through its
 *   fragments too): graphql-js compares such fields pairwise, so 1,000 copies of
 *   `id` keep the process busy for seconds, well under any token limit.
 * The variables' shape is bounded before (variableLimits.ts).
 */
export function documentLimits(limits: DocumentLimits): RequestHandler {
  // What the text alone decides is decided once per text: a client sends the same few documents again and again.
  const verdicts = new LRUCache<string, TextVerdict>({
    maxSize: MAX_REMEMBERED_CHARS,
    sizeCalculation: (_verdict, source) => source.length + 100,
  });
  return (req, res, next) => {
    const source = documentOf(req.body) ?? (req.method === "GET" ? documentOf(req.query) : undefined);
    if (source === undefined) return next();
    const refuse = ({ message, detail }: Refusal) =>
      res.status(400).json({ errors: [{ message, extensions: { code: "BAD_USER_INPUT", fieldErrors: { query: detail } } }] });
    let verdict = verdicts.get(source);
    if (!verdict) {
      verdict = judgeText(source, limits);
      verdicts.set(source, verdict);
    }
    if (verdict.tokens) return refuse(verdict.tokens);
    // Other syntax errors are left to Apollo's own parse, which reports them.
    if (verdict.syntaxError) return next();
    if (verdict.repeats) return refuse(verdict.repeats);
    next();
  };
}

interface Refusal {
  message: string;
  detail: string;
}

/** What a document's text alone says: too many tokens, a syntax error (Apollo's to report), a field repeated too often. */
interface TextVerdict {
  tokens?: Refusal;
  syntaxError?: boolean;
  repeats?: Refusal;
}

/** Documents whose verdicts are remembered, by their total length (a hostile client sends many distinct ones). */
const MAX_REMEMBERED_CHARS = 4 * 1024 * 1024;

function judgeText(source: string, limits: DocumentLimits): TextVerdict {
  let document: DocumentNode;
  try {
    document = new MaxTokensParserWLexer(source, { n: limits.maxTokens }).parseDocument();
  } catch (e) {
    if (e instanceof GraphQLError && /Token limit/.test(e.message)) {
      return {
        tokens: { message: `Query too large: ${e.message.replace(/^Syntax Error: /, "")}`, detail: `At most ${limits.maxTokens} tokens` },
      };
    }
    return { syntaxError: true };
  }
  const repeated = mostRepeatedField(document);
  if (repeated && repeated.count > limits.maxFieldRepeats) {
    return {
      repeats: {
        message: `Query refused: "${repeated.name}" is selected ${repeated.count} times in one selection set, the limit is ${limits.maxFieldRepeats}`,
        detail: `A field may be selected at most ${limits.maxFieldRepeats} times in one selection set`,
      },
    };
  }
  return {};
}

const documentOf = (body: unknown) => {
  const query = (body as { query?: unknown } | undefined)?.query;
  return typeof query === "string" ? query : undefined;
};

/** The response name selected most often in any one selection set, counting what its fragments add. */
function mostRepeatedField(document: DocumentNode): { name: string; count: number } | undefined {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  let worst: { name: string; count: number } | undefined;

  const visit = (set: SelectionSetNode) => {
    const counts = new Map<string, number>();
    const seen = new Set<string>();
    const collect = (s: SelectionSetNode) => {
      for (const sel of s.selections) {
        if (sel.kind === Kind.INLINE_FRAGMENT) {
          collect(sel.selectionSet);
          continue;
        }
        // A spread repeated is compared pairwise too: it counts under its own name.
        const name = sel.kind === Kind.FIELD ? (sel.alias?.value ?? sel.name.value) : `...${sel.name.value}`;
        const count = (counts.get(name) ?? 0) + 1;
        counts.set(name, count);
        if (!worst || count > worst.count) worst = { name, count };
        if (sel.kind === Kind.FIELD) {
          if (sel.selectionSet) visit(sel.selectionSet);
        } else if (!seen.has(sel.name.value)) {
          // Its fields count once per selection set, as graphql-js merges them; a cycle is left to validation.
          seen.add(sel.name.value);
          const fragment = fragments.get(sel.name.value);
          if (fragment) collect(fragment.selectionSet);
        }
      }
    };
    collect(set);
  };
  for (const definition of document.definitions) if (definition.kind === Kind.OPERATION_DEFINITION) visit(definition.selectionSet);
  return worst;
}
