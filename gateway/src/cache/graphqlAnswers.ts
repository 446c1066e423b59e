import { type ApolloServer, type BaseContext, type HTTPGraphQLResponse, HeaderMap } from "@apollo/server";
import type { Request, RequestHandler, Response } from "express";
import { type DocumentNode, Kind, parse, type SelectionSetNode } from "graphql";
import { type Actor, mayRead, type Need, type Readers } from "../auth/access";
import type { AnyResource } from "../resources/kit/define";
import { type KeyAt, versionsOf } from "./knownRequests";
import type { Services } from "../services";

/** Documents whose reads are remembered (a client sends a handful of distinct ones; this bounds a hostile one). */
const MAX_KNOWN_DOCUMENTS = 500;

/** A read operation whose answers may be kept: the resource it reads, and who may read it. */
export interface KeptRead {
  resource: string;
  /** Anyone may be sent it (the resource's policy). */
  publicRead: boolean;
}

/** What a query whose answer may be kept reads: its resources, and the reads a caller must be allowed to be sent it. */
export interface QueryReads {
  resources: string[];
  access: Readers;
}

/**
 * The read operations whose answers may be kept (allNews, _allNewsMeta and
 * News all read News): those of every resource whose version moves with each
 * write of its rows. Public resources qualify, and so do private ones written
 * only through their service: those whose rows callers create, not those the
 * gateway records itself (sessions, sign-in events, chain history, contact
 * messages: their rows may come from elsewhere than a create of the service),
 * nor those in `writtenElsewhere` (users: the auth service writes passwords,
 * two-factor and approval directly). A private answer is the same for every
 * caller its access lets read it (a read's rows depend on nothing else).
 */
export function keptReadsOf(resources: readonly AnyResource[], writtenElsewhere: readonly AnyResource[] = []): Map<string, KeptRead> {
  const reads = new Map<string, KeptRead>();
  for (const resource of resources) {
    const { policy, operations } = resource;
    // Rows that belong to users (sessions) answer each person their own: never one answer for everyone.
    if (resource.owner) continue;
    const versioned = policy.publicRead || (operations.create && !writtenElsewhere.includes(resource));
    if (!versioned) continue;
    for (const operation of [`all${resource.plural}`, `_all${resource.plural}Meta`, resource.name]) {
      reads.set(operation, { resource: resource.name, publicRead: policy.publicRead === true });
    }
  }
  return reads;
}

/**
 * What a query reads when each of its top-level fields is a kept read (or
 * __typename); undefined for anything else (a mutation, a subscription, a
 * caller-dependent field such as `me`, a resource written outside its
 * service, introspection, an ambiguous or unparsable document): those are
 * never kept.
 */
export function resourcesRead(query: string, operationName: string | undefined, reads: Map<string, KeptRead>): QueryReads | undefined {
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return undefined; // Apollo answers the syntax error
  }
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations[0];
  if (!operation || operation.operation !== "query" || (!operationName && operations.length > 1)) return undefined;
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [],
    ),
  );
  const read = new Set<string>();
  const needs = new Map<string, Need>();
  const visited = new Set<string>();
  const walk = (selections: SelectionSetNode): boolean =>
    selections.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === "__typename") return true;
        const kept = reads.get(selection.name.value);
        if (!kept) return false;
        read.add(kept.resource);
        if (!kept.publicRead) needs.set(kept.resource, { action: "read", resource: kept.resource });
        return true;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) return walk(selection.selectionSet);
      const fragment = fragments.get(selection.name.value);
      if (!fragment) return false;
      // A fragment spread twice is read once (and a cycle, which validation refuses, does not loop).
      if (visited.has(fragment.name.value)) return true;
      visited.add(fragment.name.value);
      return walk(fragment.selectionSet);
    });
  return walk(operation.selectionSet) && read.size
    ? { resources: [...read].sort(), access: needs.size ? [...needs.values()] : "public" }
    : undefined;
}

/** An answer that is not kept (it carries errors, or a status other than 200), sent as Apollo made it. */
class NotKept extends Error {
  constructor(readonly response: HTTPGraphQLResponse) {
    super("GraphQL answer not kept");
  }
}

const hasErrors = (json: string) => {
  try {
    return (JSON.parse(json) as { errors?: unknown[] }).errors !== undefined;
  } catch {
    return true;
  }
};

function headersOf(req: Request): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

async function sendResponse(res: Response, response: HTTPGraphQLResponse) {
  for (const [name, value] of response.headers) res.setHeader(name, value);
  res.status(response.status ?? 200);
  if (response.body.kind === "complete") {
    res.send(response.body.string);
    return;
  }
  for await (const chunk of response.body.asyncIterator) res.write(chunk);
  res.end();
}

/**
 * GraphQL reads answered from services.answers: the same query text,
 * operation, variables and Accept, at the same versions of the resources it
 * reads, get the same bytes, serialised and gzip-compressed once, with an
 * ETag (If-None-Match → 304). A write bumps its resource's version, so a kept
 * answer is never stale. Only queries whose every field is a kept read
 * (keptReadsOf) are kept: their answer is the same for every caller allowed
 * to read it, so it is shared by every such caller once the token is checked
 * and the access rule (auth/access.ts) let this caller read everything it
 * reads, on every request, kept or not. Errors, mutations, caller-dependent
 * fields and callers the rule refuses go to Apollo untouched.
 *
 * Two handlers: `kept` goes before the document limits and only sends answers
 * already kept (their document and variables passed every limit when they
 * were built, and it parses nothing, so it cannot be made to parse a hostile
 * document); `build` goes after them and builds the answers of public reads.
 */
export function graphqlAnswers<Context extends BaseContext>(
  services: Services,
  apollo: ApolloServer<Context>,
  contextOf: (req: Request, res: Response) => Promise<Context>,
  authenticate: (req: Request, res: Response) => Promise<void>,
  reads: Map<string, KeptRead>,
): { kept: RequestHandler; build: RequestHandler } {
  const known = new Map<string, QueryReads | undefined>();
  const memoOf = (query: string, operationName: string | undefined) => `${operationName ?? ""}\n${query}`;

  /** The request's query, operation and what it reads, when it is a kept read ("parse": classify a document not seen yet). */
  const requestOf = (req: Request, parse: boolean) => {
    const body = req.body as { query?: unknown; operationName?: unknown; variables?: unknown; extensions?: unknown } | undefined;
    // JSON only: a multipart request carries uploads, and Apollo's CSRF rules apply to the other types.
    if (!services.answers.enabled || req.method !== "POST" || !req.is("application/json")) return undefined;
    if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
    const { query, operationName, variables, extensions } = body;
    if (typeof query !== "string" || (operationName != null && typeof operationName !== "string")) return undefined;
    const memo = memoOf(query, operationName ?? undefined);
    let read = known.get(memo);
    if (!read && parse && !known.has(memo)) {
      read = resourcesRead(query, operationName ?? undefined, reads);
      // Forgetting everything at once is enough: a real client's documents are back after one request each.
      if (known.size >= MAX_KNOWN_DOCUMENTS) known.clear();
      known.set(memo, read);
    }
    if (!read) return undefined;
    return {
      body,
      read,
      describe: () =>
        `${req.headers.accept ?? ""} ${operationName ?? ""} ${JSON.stringify(variables ?? null)} ${JSON.stringify(extensions ?? null)} ${query}`,
    };
  };

  /**
   * The answer's key (with the versions of what it reads), once the caller's
   * token is checked and the caller may read it; undefined for Apollo to
   * answer. The request is learnt for the fast path, which rebuilds the same
   * key from its raw body and checks the caller the same way.
   */
  const keyOf = async (req: Request, res: Response, request: NonNullable<ReturnType<typeof requestOf>>) => {
    const { resources, access } = request.read;
    try {
      if (req.headers.authorization) await authenticate(req, res);
      // Not allowed: Apollo answers, and the resource service refuses (and records) the read.
      if (!mayRead(access, res.locals.user as Actor)) return undefined;
    } catch {
      return undefined; // Apollo answers the failed check or the refusal
    }
    const described = request.describe();
    const keyAt: KeyAt = (versions) => `graphql ${resources.map((resource, at) => `${resource}@${versions[at]}`).join(",")} ${described}`;
    services.answers.requests.remember(req, resources, keyAt, access);
    const versions = versionsOf(services.versions, resources);
    return versions && keyAt(versions);
  };
  const options = { revalidateAnyMethod: true };

  const kept: RequestHandler = async (req, res, next) => {
    const request = requestOf(req, false);
    const key = request && (await keyOf(req, res, request));
    if (!key || !services.answers.serveKept(req, res, key, options)) next();
  };

  const build: RequestHandler = async (req, res, next) => {
    const request = requestOf(req, true);
    const key = request && (await keyOf(req, res, request));
    if (!request || !key) return next();
    try {
      await services.answers.serve(
        req,
        res,
        key,
        "application/json; charset=utf-8",
        async (sink) => {
          const response = await apollo.executeHTTPGraphQLRequest({
            httpGraphQLRequest: { method: "POST", headers: headersOf(req), search: "", body: request.body },
            context: () => contextOf(req, res),
          });
          if ((response.status ?? 200) !== 200 || response.body.kind !== "complete" || hasErrors(response.body.string)) {
            throw new NotKept(response);
          }
          sink.write(response.body.string);
          return { "Content-Type": response.headers.get("content-type") ?? "application/json; charset=utf-8" };
        },
        options,
      );
    } catch (error) {
      if (error instanceof NotKept) await sendResponse(res, error.response);
      else next(error);
    }
  };
  return { kept, build };
}
