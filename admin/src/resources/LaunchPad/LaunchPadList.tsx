import EditIcon from "@mui/icons-material/Edit";
import { Button } from "@mui/material";
import { lazy, Suspense } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useRecordContext, useTranslate } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { useAllowed } from "../../ui/access";
import { DeleteRowButton } from "../../ui/RowButtons";
import { lockDaysForPid } from "@presale/abis";

/** The 'Add LaunchPadv' modal signs a transaction: its code (and the chain layer) loads on first use. */
const LaunchPadCreate = lazy(() => import("./LaunchPadCreate"));
/** The progress column reads the chain (one call for the page): its code loads with the first row. */
const LaunchPadProgress = lazy(() => import("../../saleInsight/LaunchPadProgress"));

function ManageSaleLink() {
  const record = useRecordContext();
  const translate = useTranslate();
  // Managing a sale records its chain transactions.
  const allowed = useAllowed("chain");
  if (!allowed || !record) return null;
  return (
    <Button component={RouterLink} to={`/ManageSale/${record.presaleAddress}`} size="small" startIcon={<EditIcon />}>
      {translate("ra.action.edit")}
    </Button>
  );
}

function PoolDays() {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{translate("resources.LaunchPad.days", { smart_count: lockDaysForPid(record?.pid) })}</>;
}

/** LaunchPad: registered presales (lock days of their pool, address, manage / delete) and 'Add LaunchPad'. */
export const LaunchPadList = () => (
  <CrudList
    title="resources.LaunchPad.title"
    columns={[
      // The lock days follow the pool id: the column sorts by it.
      col.text("pid", "resources.LaunchPad.fields.pools", {
        key: "pools",
        sortable: true,
        render: () => <PoolDays />,
        exportValue: (r) => lockDaysForPid(r.pid),
      }),
      col.text("presaleAddress", "resources.LaunchPad.fields.presaleAddress", { sortable: true }),
      col.actions("progress", "app.sale_insight.fields.progress", () => (
        <Suspense fallback={null}>
          <LaunchPadProgress />
        </Suspense>
      )),
      col.actions("action", "app.list.action", () => (
        <>
          <ManageSaleLink />
          <DeleteRowButton />
        </>
      )),
    ]}
    add={{ label: "resources.LaunchPad.add", dialog: LaunchPadCreate }}
  />
);
