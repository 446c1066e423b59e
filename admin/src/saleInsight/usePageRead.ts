import { useQuery } from "@tanstack/react-query";
import { useListContext, type RaRecord } from "react-admin";

/**
 * One chain read for the whole page of a list, shared by every row's cell: the
 * cells ask with the same key (the page's records), so react-query runs the
 * read once per page, not once per row.
 */
export function usePageRead<T>({
  name,
  keyOf,
  read,
  extraKey = [],
}: {
  name: string;
  /** What a record contributes to the read (an address) and to the cache key (with anything that should re-read it). */
  keyOf: (record: RaRecord) => { id: string; key?: unknown };
  read: (ids: string[]) => Promise<Map<string, T>>;
  extraKey?: unknown[];
}) {
  const { data } = useListContext();
  const rows = (data ?? []).map(keyOf);
  const ids = rows.map((r) => r.id);
  return useQuery({
    queryKey: [name, ...extraKey, rows],
    queryFn: () => read(ids),
    enabled: ids.length > 0,
    // The page's read answers until the page or its records change (then the key does).
    staleTime: Infinity,
  });
}
