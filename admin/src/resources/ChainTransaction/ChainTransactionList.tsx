import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { Address, PresaleLink, TxArgs, TxHash, TxStatus } from "./cells";
import { useTransactionFilters } from "./filters";
import { useExplorerUrl } from "./useExplorerUrl";

const FIELDS = "resources.transactions.fields";

/**
 * Every chain action sent from the admin, as the gateway recorded it from the
 * chain: newest first, filtered by contract, presale or result, with explorer
 * links when the chain has an explorer.
 */
export function ChainTransactionList() {
  const explorerUrl = useExplorerUrl();
  const filters = useTransactionFilters();
  return (
    <CrudList
      title="resources.transactions.title"
      empty="resources.transactions.empty"
      sort={{ field: "blockNumber", order: "DESC" }}
      filters={filters}
      columns={[
        col.text("blockNumber", `${FIELDS}.blockNumber`, { sortable: true }),
        col.datetime("createdAt", `${FIELDS}.createdAt`, { sortable: true }),
        col.text("contract", `${FIELDS}.contract`, { sortable: true }),
        col.text("functionName", `${FIELDS}.functionName`, { sortable: true }),
        col.text("args", `${FIELDS}.args`, { render: (r) => <TxArgs args={r.args} /> }),
        col.text("presaleAddress", `${FIELDS}.presaleAddress`, {
          sortable: true,
          render: (r) => <PresaleLink address={r.presaleAddress} />,
        }),
        col.text("wallet", `${FIELDS}.wallet`, { sortable: true, render: (r) => <Address address={r.wallet} explorerUrl={explorerUrl} /> }),
        col.text("userName", `${FIELDS}.userName`, { sortable: true }),
        col.text("status", `${FIELDS}.status`, { sortable: true, render: (r) => <TxStatus status={r.status} /> }),
        col.text("hash", `${FIELDS}.hash`, { sortable: true, render: (r) => <TxHash hash={r.hash} explorerUrl={explorerUrl} /> }),
      ]}
    />
  );
}
