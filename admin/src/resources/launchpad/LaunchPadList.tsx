import EditIcon from "@mui/icons-material/Edit";
import { Button, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router-dom";
import { useRecordContext, useTranslate } from "react-admin";
import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { DeleteRowButton } from "../../ui/RowButtons";
import { lockDays } from "./lockDays";

function ManageSaleLink() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Button component={RouterLink} to={`/ManageSale/${record.presaleAddress}`} size="small" startIcon={<EditIcon />}>
      {translate("ra.action.edit")}
    </Button>
  );
}

function PoolDays() {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{translate("resources.LaunchPad.days", { smart_count: lockDays(record?.pid) })}</>;
}

/** LaunchPad: registered presales; the 'Add LaunchPadv' modal (a chain transaction) comes with the chain issue. */
export function LaunchPadList() {
  const translate = useTranslate();
  return (
    <RecordList
      title="resources.LaunchPad.title"
      aside={
        <Typography variant="body2" color="text.secondary">
          {translate("app.chain.later")}
        </Typography>
      }
      columns={[
        col.actions("pools", "resources.LaunchPad.fields.pools", () => <PoolDays />),
        col.text("presaleAddress", "resources.LaunchPad.fields.presaleAddress", { sortable: true }),
        col.actions("action", "app.list.action", () => (
          <>
            <ManageSaleLink />
            <DeleteRowButton />
          </>
        )),
      ]}
    />
  );
}
