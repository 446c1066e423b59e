import { once } from "events";
import type { Request, Response } from "express";
import { BadRequestError } from "../errors";
import { MAX_PER_PAGE } from "../resources/kit/query";
import type { Services } from "../services";
import type { Caller } from "./actions";
import { listFilter } from "./actions";
import type { LegacyRequest } from "./body";
import { toLegacy } from "./legacy";
import type { RestRoute } from "./routes";

/** Writes a chunk, waiting while the client reads (back-pressure); false once the client has gone. */
async function send(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  const [event] = await Promise.race([once(res, "drain").then(() => ["drain"]), once(res, "close").then(() => ["close"])]);
  return event === "drain";
}

/** `?page=&perPage=` (1-based page), when a newer client asks for one page; 400 when either is not a whole number in range. */
function pageOf(query: Request["query"]): { page: number; perPage: number } | undefined {
  if (query.page === undefined && query.perPage === undefined) return undefined;
  const page = Number(query.page ?? 1);
  const perPage = Number(query.perPage ?? 25);
  if (!Number.isSafeInteger(page) || page < 1) throw new BadRequestError({ page: "page must be a whole number from 1" });
  if (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw new BadRequestError({ perPage: `perPage must be a whole number from 1 to ${MAX_PER_PAGE}` });
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
 * A legacy list: the whole list, as the spec's clients expect, streamed a
 * batch at a time so that memory stays bounded at any size; or, with
 * `?page=&perPage=`, one page and a `Link` header.
 */
export async function answerList(route: RestRoute, services: Services, caller: Caller, request: LegacyRequest, req: Request, res: Response) {
  const resource = route.resource!;
  const service = services.resource(resource);
  const filter = listFilter(route, resource, request.body);
  const [open, close] = route.answer === "typedList" ? ['{"type":"success","data":[', "]}"] : ["[", "]"];
  const paging = pageOf(req.query);
  if (paging) {
    const [rows, total] = await Promise.all([
      service.list({ filter, page: paging.page - 1, perPage: paging.perPage }, caller.user),
      service.count(filter, caller.user),
    ]);
    res.setHeader("Link", pageLinks(req, paging.page, paging.perPage, total));
    res.type("json").send(open + rows.map((row) => JSON.stringify(toLegacy(resource, row))).join(",") + close);
    return;
  }
  const batches = service.batches({ filter }, caller.user);
  // The first batch is read before anything is sent, so that a refused or failed read still gets its error answer.
  let next = await batches.next();
  res.type("json");
  try {
    let first = true;
    if (!(await send(res, open))) return;
    for (; !next.done; next = await batches.next()) {
      const chunk = next.value.map((row) => JSON.stringify(toLegacy(resource, row))).join(",");
      if (chunk && !(await send(res, (first ? "" : ",") + chunk))) return;
      if (chunk) first = false;
    }
    res.end(close);
  } catch (error) {
    // Headers are gone: cut the answer, so that no client takes half a list for the whole.
    services.log.error({ err: error, url: req.originalUrl }, "legacy list failed while streaming");
    res.destroy();
  } finally {
    await batches.return(undefined);
  }
}
