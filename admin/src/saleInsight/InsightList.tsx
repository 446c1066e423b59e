import { Box, Stack } from "@mui/material";
import {
  DataTable,
  ListContextProvider,
  ResourceContextProvider,
  useListController,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from "react-admin";
import type { Column } from "../ui/columns";
import { formatDateTime } from "../ui/columns";
import { EmptyList } from "../ui/EmptyList";
import { ExportButtons } from "../ui/ExportButtons";
import { ListPagination } from "../ui/ListPagination";
import { SaleSection } from "../pages/ManageSale/SaleSection";
import { useOnNewBlock } from "./useSaleInsight";

export interface InsightListProps {
  title: string;
  /** The react-admin resource (its GraphQL type): Contribution, WhitelistEntry. */
  resource: string;
  filter: Record<string, unknown>;
  sort: SortPayload;
  columns: Column[];
  /** Fetched again each time the indexer reaches a new block. */
  indexedBlock: number | undefined;
  /** i18n key of the empty table's text, naming what it lists. */
  empty: string;
}

const cell = (column: Column) =>
  column.render ?? (column.kind === "datetime" ? (r: RaRecord) => formatDateTime(r[column.source!]) : undefined);

/**
 * A list of one presale's indexed records inside ManageSale: server-side
 * paging (10/20/50) and sorting, the product's Excel/CSV/print exports, and a
 * refetch when a new block is indexed. Its state stays out of the URL (the
 * screen has two of them).
 */
export function InsightList(props: InsightListProps) {
  const { resource } = props;
  return (
    <ResourceContextProvider value={resource}>
      <ResourceList {...props} />
    </ResourceContextProvider>
  );
}

/** The list inside its resource's context (DataTable and the export read the resource from it). */
function ResourceList({ title, resource, filter, sort, columns, indexedBlock, empty }: InsightListProps) {
  const translate = useTranslate();
  // Two lists share the page: their sort and page are kept in the store (a reload keeps them), per presale.
  const storeKey = `insight.${resource}.${String(filter.presaleAddress ?? "")}`;
  const list = useListController({ resource, filter, sort, perPage: 10, disableSyncWithLocation: true, storeKey });
  useOnNewBlock(indexedBlock, () => void list.refetch());
  return (
    <ListContextProvider value={list}>
      <SaleSection title={translate(title)}>
        <Stack direction="row" sx={{ justifyContent: "flex-end", mb: 1 }}>
          <ExportButtons columns={columns} />
        </Stack>
        <Box sx={{ overflowX: "auto" }}>
          <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyList empty={empty} padding={2} />}>
            {columns.map((c) => (
              <DataTable.Col key={c.key} source={c.source} label={c.label} disableSort={!c.sortable} render={cell(c)} />
            ))}
          </DataTable>
        </Box>
        <ListPagination />
      </SaleSection>
    </ListContextProvider>
  );
}
