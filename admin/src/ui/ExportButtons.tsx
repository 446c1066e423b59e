import DescriptionIcon from "@mui/icons-material/Description";
import GridOnIcon from "@mui/icons-material/GridOn";
import PrintIcon from "@mui/icons-material/Print";
import { Button, ButtonGroup, CircularProgress } from "@mui/material";
import { useCallback, useState } from "react";
import { useDataProvider, useListContext, useNotify, useTranslate } from "react-admin";
import { exportableColumns, exportCell, type Column } from "./columns";
import { downloadBlob, EXPORT_FILE_NAME, fetchAllRecords, toCsv, toXlsx, type Table } from "./exporters";
import { PrintArea } from "./PrintArea";

type Kind = "excel" | "csv" | "print";

/** Excel, CSV and print of every record the list's filter matches, in the list's order. */
export function ExportButtons({ columns }: { columns: Column[] }) {
  const { resource, filter, filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState<Kind | null>(null);
  const [printing, setPrinting] = useState<Table | null>(null);
  const donePrinting = useCallback(() => setPrinting(null), []);

  const run = async (kind: Kind) => {
    setBusy(kind);
    try {
      // The list's permanent filter too (a presale's contributors), not only what the user typed.
      const records = await fetchAllRecords(dataProvider, resource, { filter: { ...filterValues, ...filter }, sort });
      const cols = exportableColumns(columns);
      const table: Table = {
        headers: cols.map((c) => translate(c.label)),
        rows: records.map((r, i) => cols.map((c) => exportCell(c, r, i))),
      };
      if (kind === "csv") downloadBlob(new Blob([toCsv(table)], { type: "text/csv;charset=utf-8" }), `${EXPORT_FILE_NAME}.csv`);
      else if (kind === "excel") downloadBlob(await toXlsx(table), `${EXPORT_FILE_NAME}.xlsx`);
      else setPrinting(table);
    } catch (e) {
      notify(translate("app.export.failed", { error: (e as Error)?.message ?? "" }), { type: "error" });
    } finally {
      setBusy(null);
    }
  };

  const button = (kind: Kind, icon: React.ReactNode) => (
    <Button onClick={() => run(kind)} disabled={busy !== null || !total} startIcon={busy === kind ? <CircularProgress size={14} /> : icon}>
      {translate(`app.export.${kind}`)}
    </Button>
  );

  return (
    <>
      <ButtonGroup size="small" variant="outlined" aria-label={translate("app.export.label")}>
        {button("excel", <GridOnIcon />)}
        {button("csv", <DescriptionIcon />)}
        {button("print", <PrintIcon />)}
      </ButtonGroup>
      {printing && <PrintArea table={printing} onDone={donePrinting} />}
    </>
  );
}
