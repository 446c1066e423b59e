import { flag, positiveNumber, wholeNumber } from "./parsers";
import { setting, settingGroup, type Values } from "./setting";

/** Per-request limits on GraphQL documents, checked before execution. */
export interface GraphqlLimits {
  introspection: boolean;
  explorer: boolean;
  /** Rows a request may ask for in total: each list field counts its perPage. */
  maxCost: number;
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  /** How often one field may be selected in one selection set. */
  maxFieldRepeats: number;
  maxDirectives: number;
}

export const requestSettings = settingGroup({
  title: "Requests, uploads and GraphQL limits",
  intro: "Each limit is checked before the request runs; see [security](security.md).",
  settings: {
    MAX_UPLOAD_MB: setting({
      parse: positiveNumber(100, "megabytes"),
      default: "5",
      description: "largest accepted image (a file of exactly this size is accepted); larger uploads get `413` and nothing is stored",
    }),
    MAX_IMAGE_MEGAPIXELS: setting({
      parse: positiveNumber(1000, "megapixels"),
      default: "50",
      description: "largest raster image (width × height), read from the header without decoding",
    }),
    MAX_JSON_KB: setting({ parse: wholeNumber(1, 100 * 1024), default: "2048", description: "largest JSON or form body" }),
    GRAPHQL_INTROSPECTION: setting({
      parse: flag,
      unset: "`true`, `false` in production",
      description: 'answer `__schema` / `__type`; "Did you mean" suggestions are removed whenever this is off',
    }),
    GRAPHQL_EXPLORER: setting({
      parse: flag,
      unset: "`true`, `false` in production",
      description: "serve Apollo's explorer at `GET /graphql`",
    }),
    GRAPHQL_MAX_COST: setting({
      parse: wholeNumber(1, 1_000_000),
      default: "5000",
      description: "rows one request may ask for: each list counts its `perPage` (default 25)",
    }),
    GRAPHQL_MAX_TOKENS: setting({
      parse: wholeNumber(100, 1_000_000),
      default: "5000",
      description: "tokens in one document (checked while parsing)",
    }),
    GRAPHQL_MAX_ALIASES: setting({ parse: wholeNumber(2, 1000), default: "30", description: "aliases in one document" }),
    GRAPHQL_MAX_FIELD_REPEATS: setting({
      parse: wholeNumber(1, 1000),
      default: "10",
      description:
        "how often one field may be selected in one selection set, fragments included (graphql-js compares repeats pairwise: 1,000 copies of `id` cost seconds)",
    }),
    GRAPHQL_MAX_DEPTH: setting({
      // The standard introspection query (graphql-js getIntrospectionQuery) is 21 deep.
      parse: wholeNumber(2, 100),
      default: "25",
      description: "selection depth (the schema is flat; the standard introspection query is 21 deep)",
    }),
    GRAPHQL_MAX_DIRECTIVES: setting({ parse: wholeNumber(0, 1000), default: "20", description: "directives in one document" }),
    PUBLIC_CACHE_MB: setting({
      parse: wholeNumber(0, 65_536),
      default: "64",
      description:
        "memory for kept answers (REST lists, and GraphQL queries reading only public resources or resources shared by every caller of one access level, the caller's access checked on every request), compressed once per version of the resources they read and served with an ETag (`0`: build every answer); see [performance](performance.md)",
    }),
  },
});

/** Request limits in the units the code counts; schema exposure is off by default in production. */
export const requestConfig = (values: Values<typeof requestSettings>, production: boolean) => ({
  maxUploadBytes: Math.round(values.MAX_UPLOAD_MB * 1024 * 1024),
  maxImagePixels: Math.round(values.MAX_IMAGE_MEGAPIXELS * 1_000_000),
  maxJsonBytes: values.MAX_JSON_KB * 1024,
  publicCacheBytes: values.PUBLIC_CACHE_MB * 1024 * 1024,
  graphql: {
    introspection: values.GRAPHQL_INTROSPECTION ?? !production,
    explorer: values.GRAPHQL_EXPLORER ?? !production,
    maxCost: values.GRAPHQL_MAX_COST,
    maxDepth: values.GRAPHQL_MAX_DEPTH,
    maxAliases: values.GRAPHQL_MAX_ALIASES,
    maxTokens: values.GRAPHQL_MAX_TOKENS,
    maxFieldRepeats: values.GRAPHQL_MAX_FIELD_REPEATS,
    maxDirectives: values.GRAPHQL_MAX_DIRECTIVES,
  } satisfies GraphqlLimits,
});
