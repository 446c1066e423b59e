import { Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";

/** The wallet blocklist. Adding and removing go through the token contract: the chain issue adds them. */
export function BlocklistList() {
  const translate = useTranslate();
  return (
    <RecordList
      title="resources.blocklist.title"
      sort={{ field: "createdAt", order: "DESC" }}
      aside={
        <Typography variant="body2" color="text.secondary">
          {translate("app.chain.later")}
        </Typography>
      }
      columns={[
        col.serial(),
        col.text("walletAddress", "resources.blocklist.fields.walletAddress", { sortable: true }),
        col.datetime("createdAt", "resources.blocklist.fields.date", { sortable: true }),
      ]}
    />
  );
}
