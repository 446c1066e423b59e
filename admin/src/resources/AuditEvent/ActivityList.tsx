import { useTranslate } from "react-admin";
import { useNaming } from "../../audit/labels";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { TxHash } from "../ChainTransaction/cells";
import { useExplorerUrl } from "../ChainTransaction/useExplorerUrl";
import { ChangesCell, changesSummary, RecordLink, recordName, RestoreDeletedButton } from "./cells";
import { useActivityFilters } from "./filters";

const FIELDS = "resources.activity.fields";

/**
 * The audit trail (GraphQL type AuditEvent), for administrators: who changed
 * what, when and through which transport, newest first; each row links to
 * its record, chain actions to their transaction, and a deleted content
 * record can be restored from its delete. New events stream in at the top.
 */
export function ActivityList() {
  const translate = useTranslate();
  const naming = useNaming();
  const explorerUrl = useExplorerUrl();
  const filters = useActivityFilters();
  return (
    <CrudList
      title="resources.activity.title"
      empty="resources.activity.empty"
      feed
      sort={{ field: "createdAt", order: "DESC" }}
      filters={filters}
      columns={[
        col.datetime("createdAt", `${FIELDS}.createdAt`, { sortable: true }),
        col.text("actorName", `${FIELDS}.actorName`, { sortable: true }),
        col.text("transport", `${FIELDS}.transport`, {
          sortable: true,
          render: (r) => translate(`app.audit.transports.${r.transport}`, { _: r.transport }),
          exportValue: (r) => String(r.transport),
        }),
        col.text("operation", `${FIELDS}.operation`, {
          sortable: true,
          render: (r) => translate(`app.audit.operations.${r.operation}`, { _: r.operation }),
          exportValue: (r) => String(r.operation),
        }),
        col.text("resource", `${FIELDS}.resource`, {
          sortable: true,
          // A phone's row leads with the record, then when and who.
          primary: true,
          render: (r) => <RecordLink event={r} />,
          exportValue: (r) => recordName(naming, r),
        }),
        col.text("changes", `${FIELDS}.changes`, { render: (r) => <ChangesCell event={r} />, exportValue: changesSummary(naming) }),
        col.text("txHash", `${FIELDS}.txHash`, {
          sortable: true,
          // Short (head and tail), with its copy button: the column fits beside the changes on a 1440 px screen.
          render: (r) => (r.txHash ? <TxHash hash={r.txHash} explorerUrl={explorerUrl} short /> : null),
        }),
        col.actions("restore", "app.audit.restore", (r) => <RestoreDeletedButton event={r} />),
      ]}
    />
  );
}
