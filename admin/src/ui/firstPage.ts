import { TypedDocumentString } from "../gql/graphql";
import { graphqlRequest } from "../providers/graphqlFetch";
import type { Screen } from "../screen";
import { cellText, phoneLayout, type ListTable } from "./columns";

/** Where a list draws its rows as a phone's (PhoneList): below MUI's `sm` breakpoint. */
const PHONE = "(max-width: 599.95px)";
/** The longest the admin's code waits for the first page before it starts loading anyway. */
export const FIRST_PAGE_WAIT_MS = 1500;

export interface FirstRow {
  id: string;
  /** The thumbnail's file name (undefined: the list has no image column). */
  image?: string | null;
  primary: string;
  secondary: string[];
}

/** A list's first page as a phone's rows show it. */
export interface FirstPage {
  hasImage: boolean;
  rows: FirstRow[];
}

/**
 * The first page the shell drew, which the admin's own loading states of that list show too (the screen's code
 * loading, then its first answer): the rows stay on screen until the list's replace them.
 */
let drawn: { route: string; page: FirstPage } | undefined;
export const firstPageOf = (route: string | undefined) => (route && drawn?.route === route ? drawn.page : undefined);
/** The list has its own rows: a later visit shows its usual loading state. */
export const forgetFirstPage = () => {
  drawn = undefined;
};

/** The page react-admin's list will ask for, as ra-core's useListParams decides it. */
interface ListParams {
  filter: Record<string, unknown>;
  sort: string;
  order: string;
  page: number;
  perPage: number;
}

const positive = (value: unknown, fallback: number) => (Number(value) > 0 ? Number(value) : fallback);

/**
 * The link's parameters when it has any (?sort=…&filter={…}), else those react-admin stored for the list in this
 * browser (RaStore.<route>.listParams) when they differ from its start, else the list's own: its default order, the
 * first page of 10.
 */
export function listParams(route: string, table: ListTable, search: string): ListParams {
  const query = new URLSearchParams(search);
  let chosen: Record<string, unknown> = {};
  if ([...query.keys()].length) {
    chosen = Object.fromEntries(query);
    chosen.filter = JSON.parse(query.get("filter") ?? "{}");
  } else {
    const stored = JSON.parse(localStorage.getItem(`RaStore.${route}.listParams`) ?? "null") as Record<string, unknown> | null;
    const custom =
      stored?.filter &&
      (Object.keys(stored.filter).length > 0 || stored.order != null || stored.page !== 1 || stored.perPage != null || stored.sort != null);
    if (custom) chosen = stored;
  }
  const filter = chosen.filter && typeof chosen.filter === "object" ? (chosen.filter as Record<string, unknown>) : {};
  return {
    filter,
    sort: chosen.sort ? String(chosen.sort) : table.sort.field,
    order: chosen.sort ? String(chosen.order ?? "ASC") : table.sort.order,
    page: positive(chosen.page, 1),
    perPage: positive(chosen.perPage, 10),
  };
}

/** The gateway's list query of a type (its plural, as the gateway's pluralize makes it for the types that have a table). */
export function listQueryOf(type: string) {
  if (type.endsWith("s")) return `all${type}`;
  return /[^aeiou]y$/.test(type) ? `all${type.slice(0, -1)}ies` : `all${type}s`;
}

/**
 * The first page of the list at `pathname` when a phone opens it by a link and its columns are plain data (the
 * registry's `table`): undefined when there is none to draw (another screen, a wider window, a column drawn by its own
 * component). Asked with the list's own order, filter and page, so that react-admin's rows replace these unchanged.
 */
export function firstPageQuery(screens: readonly Screen[], pathname: string, search: string) {
  const [, section, ...rest] = pathname.split("/");
  const screen = screens.find(({ route }) => route.toLowerCase() === section?.toLowerCase());
  if (!screen?.table || !screen.type || rest.length || !window.matchMedia?.(PHONE).matches) return undefined;
  const { table, type, route } = screen;
  const { primary, secondary, image } = phoneLayout(table.columns);
  const shown = [primary, ...secondary].filter((c) => c !== undefined);
  if (!primary || shown.some((c) => c.render)) return undefined;
  const fields = [...new Set(["id", ...[...shown, ...(image ? [image] : [])].map((c) => c.source ?? c.key)])];
  let params: ListParams;
  try {
    params = listParams(route, table, search);
  } catch {
    return undefined; // a link's filter that is not JSON: react-admin will say what it makes of it
  }
  const load = async (): Promise<FirstPage> => {
    // Written for the list's type and columns, as react-admin's own list query is: no document to generate types from.
    const document = new TypedDocumentString<{ rows: Record<string, unknown>[] }, Record<string, unknown>>(
      `query FirstPage($page: Int, $perPage: Int, $sortField: String, $sortOrder: String, $filter: ${type}Filter) {
        rows: ${listQueryOf(type)}(page: $page, perPage: $perPage, sortField: $sortField, sortOrder: $sortOrder, filter: $filter) { ${fields.join(" ")} }
      }`,
    );
    const answer = await graphqlRequest(document, {
      page: params.page - 1,
      perPage: params.perPage,
      sortField: params.sort,
      sortOrder: params.order,
      filter: { ...params.filter, ...screen.filter },
    });
    const page: FirstPage = {
      hasImage: Boolean(image),
      rows: answer.rows.map((record) => ({
        id: String(record.id),
        image: image ? ((record[image.source ?? image.key] as string | null) ?? null) : undefined,
        primary: cellText(primary, record) ?? "",
        secondary: secondary.map((c) => cellText(c, record) ?? ""),
      })),
    };
    if (page.rows.length) drawn = { route, page };
    return page;
  };
  return { load };
}
