import { Box, Button, Typography } from "@mui/material";
import { useListContext, useTranslate } from "react-admin";

/** Whether the user has narrowed the list (a search or a filter input); a screen's fixed filter is not among these. */
const isFiltered = (filterValues: Record<string, unknown> | undefined) =>
  Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== null && value !== "");

/**
 * What an empty table says. The original screens' lists keep their 'No user
 * found!'; a screen the original back-office did not have names what it lists
 * (`empty`: "No contributors yet").
 * After a search or a filter, screens of the second kind say what found
 * nothing ("No match for 'zzz'"), and every list offers to clear the filter.
 */
export function EmptyList({ empty, padding = 3 }: { empty?: string; padding?: number }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filtered = isFiltered(filterValues);
  const search = typeof filterValues?.q === "string" ? filterValues.q.trim() : "";
  const text = !empty
    ? translate("app.list.empty")
    : !filtered
      ? translate(empty)
      : search
        ? translate("app.list.no_match", { q: search })
        : translate("app.list.no_match_filters");
  return (
    <Box sx={{ p: padding, textAlign: "center" }}>
      <Typography color="text.secondary">{text}</Typography>
      {filtered && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setFilters({}, [])}>
          {translate("app.list.clear_filter")}
        </Button>
      )}
    </Box>
  );
}
