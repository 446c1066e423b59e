import type { Request, RequestHandler, Response } from "express";
import type { Writable } from "stream";
import { BadRequestError } from "../errors";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../resources/kit/query";
import type { Services } from "../services";
import type { Caller } from "./actions";
import { listFilter } from "./actions";
import type { LegacyRequest } from "./body";
import { type KeyAt, versionsOf } from "../cache/knownRequests";
import { toLegacy } from "./legacy";
import type { RestRoute } from "./routes";

/** Writes a chunk, waiting while the reader catches up (back-pressure); false once the reader has gone. */
async function send(sink: Writable, chunk: string): Promise<boolean> {
  if (sink.destroyed) return false;
  if (sink.write(chunk)) return true;
  return new Promise<boolean>((resolve) => {
    // Both listeners go whichever comes first: a long list waits many times.
    const settle = (drained: boolean) => {
      sink.off("drain", onDrain);
      sink.off("close", onClose);
      resolve(drained);
    };
    const onDrain = () => settle(true);
    const onClose = () => settle(false);
    sink.on("drain", onDrain);
    sink.on("close", onClose);
  });
}

/** How the key of a public list answer is made: the route, what it filters and pages by, and the version of its resource. */
function answerKeyAt(route: RestRoute, filter: Record<string, unknown>, paging: { page: number; perPage: number } | undefined): KeyAt {
  const prefix = `${route.method} ${route.path} ${JSON.stringify(filter)} ${JSON.stringify(paging ?? null)}`;
  return ([version]) => `${prefix} v${version}`;
}

/** The key of a public list answer now; undefined when the versions cannot be told (the cache is bypassed). */
function answerKey(
  route: RestRoute,
  services: Services,
  filter: Record<string, unknown>,
  paging: { page: number; perPage: number } | undefined,
) {
  const versions = versionsOf(services.versions, [route.resource!.name]);
  return versions && answerKeyAt(route, filter, paging)(versions);
}

/**
 * A kept public list answer, sent before the rest of the chain runs (the
 * answer is the same for every caller); anything else goes on to the chain.
 * The request is learnt for the fast path: its URL alone names its answer.
 */
export function keptListAnswer(route: RestRoute, services: Services): RequestHandler {
  const keyed = route.action === "list" && route.method === "get" && !route.by && route.resource?.policy.publicRead === true;
  return (req, res, next) => {
    if (!keyed) return next();
    let paging;
    try {
      paging = pageOf(req.query);
    } catch {
      return next(); // the chain answers the 400
    }
    const filter = { ...route.scope };
    services.answers.requests.remember(req, [route.resource!.name], answerKeyAt(route, filter, paging));
    const key = answerKey(route, services, filter, paging);
    if (!key || !services.answers.serveKept(req, res, key)) next();
  };
}

/**
 * The ranges of `?page=&perPage=`, checked here and stated by the OpenAPI document.
 * The last page keeps its first row's position (page × perPage) an exact integer.
 */
export const PAGING = {
  page: { minimum: 1, maximum: Math.floor(Number.MAX_SAFE_INTEGER / MAX_PER_PAGE) },
  perPage: { minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
};

/** `?page=&perPage=` (1-based page), when a newer client asks for one page; 400 when either is not a whole number in range. */
function pageOf(query: Request["query"]): { page: number; perPage: number } | undefined {
  if (query.page === undefined && query.perPage === undefined) return undefined;
  const page = Number(query.page ?? PAGING.page.minimum);
  const perPage = Number(query.perPage ?? PAGING.perPage.default);
  const within = (n: number, range: { minimum: number; maximum: number }) =>
    Number.isSafeInteger(n) && n >= range.minimum && n <= range.maximum;
  if (!within(page, PAGING.page)) {
    throw new BadRequestError({ page: `page must be a whole number from 1 to ${PAGING.page.maximum}` });
  }
  if (!within(perPage, PAGING.perPage)) {
    throw new BadRequestError({ perPage: `perPage must be a whole number from 1 to ${PAGING.perPage.maximum}` });
  }
  return { page, perPage };
}

/** RFC 8288 links to the first, previous, next and last pages. */
function pageLinks(req: Request, page: number, perPage: number, total: number): string {
  const last = Math.max(1, Math.ceil(total / perPage));
  const url = (to: number) => {
    const params = new URLSearchParams(req.query as Record<string, string>);
    params.set("page", String(to));
    params.set("perPage", String(perPage));
    return `<${req.baseUrl}${req.path}?${params}>`;
  };
  const links = [`${url(1)}; rel="first"`];
  if (page > 1) links.push(`${url(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${url(page + 1)}; rel="next"`);
  links.push(`${url(last)}; rel="last"`);
  return links.join(", ");
}

/**
 * A legacy list: the whole list, as the original clients expect, written a batch
 * at a time so that memory stays bounded at any size; or, with
 * `?page=&perPage=`, one page and a `Link` header. Lists anyone may read are
 * built and compressed once per version of their resource (services.answers);
 * the others are streamed to their caller.
 */
export async function answerList(
  route: RestRoute,
  services: Services,
  caller: Caller,
  request: LegacyRequest,
  req: Request,
  res: Response,
) {
  const resource = route.resource!;
  const service = services.resource(resource);
  const filter = listFilter(route, resource, request.body);
  const [open, close] = route.answer === "typedList" ? ['{"type":"success","data":[', "]}"] : ["[", "]"];
  const paging = pageOf(req.query);
  const json = (row: Parameters<typeof toLegacy>[1]) => JSON.stringify(toLegacy(resource, row));

  /** Writes the answer into `sink`; false when the reader went away. */
  const write = async (
    sink: Writable,
    batches: AsyncGenerator<Parameters<typeof json>[0][]>,
    first: IteratorResult<Parameters<typeof json>[0][]>,
  ) => {
    let next = first;
    let empty = true;
    if (!(await send(sink, open))) return false;
    for (; !next.done; next = await batches.next()) {
      const chunk = next.value.map(json).join(",");
      if (chunk && !(await send(sink, (empty ? "" : ",") + chunk))) return false;
      if (chunk) empty = false;
    }
    return send(sink, close);
  };

  /** One page, and its links. */
  const page = async ({ page, perPage }: { page: number; perPage: number }) => {
    const [rows, total] = await Promise.all([
      service.list({ filter, page: page - 1, perPage }, caller.user),
      service.count(filter, caller.user),
    ]);
    return { body: open + rows.map(json).join(",") + close, link: pageLinks(req, page, perPage, total) };
  };

  const key = resource.policy.publicRead ? answerKey(route, services, filter, paging) : undefined;
  if (key) {
    await services.answers.serve(req, res, key, "application/json; charset=utf-8", async (sink) => {
      if (paging) {
        const { body, link } = await page(paging);
        await send(sink, body);
        return { Link: link };
      }
      const batches = service.batches({ filter }, caller.user);
      await write(sink, batches, await batches.next());
    });
    return;
  }

  if (paging) {
    const { body, link } = await page(paging);
    res.setHeader("Link", link).type("json").send(body);
    return;
  }
  const batches = service.batches({ filter }, caller.user);
  // The first batch is read before anything is sent, so that a refused or failed read still gets its error answer.
  const first = await batches.next();
  res.type("json");
  try {
    if (await write(res, batches, first)) res.end();
  } catch (error) {
    // Headers are gone: cut the answer, so that no client takes half a list for the whole.
    services.log.error({ err: error, url: req.originalUrl }, "legacy list failed while streaming");
    res.destroy();
  } finally {
    await batches.return(undefined);
  }
}
