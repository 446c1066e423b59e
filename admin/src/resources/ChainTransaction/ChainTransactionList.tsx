import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { Address, PresaleLink, TxArgs, TxHash, TxStatus } from "./cells";
import { useTransactionFilters } from "./filters";
import { useExplorerUrl } from "./useExplorerUrl";

const F = "resources.transactions.fields";

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
      sort={{ field: "blockNumber", order: "DESC" }}
      filters={filters}
      columns={[
        col.text("blockNumber", `${F}.blockNumber`, { sortable: true }),
        col.datetime("createdAt", `${F}.createdAt`, { sortable: true }),
        col.text("contract", `${F}.contract`, { sortable: true }),
        col.text("functionName", `${F}.functionName`, { sortable: true }),
        col.text("args", `${F}.args`, { render: (r) => <TxArgs args={r.args} /> }),
        col.text("presaleAddress", `${F}.presaleAddress`, { render: (r) => <PresaleLink address={r.presaleAddress} /> }),
        col.text("wallet", `${F}.wallet`, { render: (r) => <Address address={r.wallet} explorerUrl={explorerUrl} /> }),
        col.text("userName", `${F}.userName`),
        col.text("status", `${F}.status`, { render: (r) => <TxStatus status={r.status} /> }),
        col.text("hash", `${F}.hash`, { render: (r) => <TxHash hash={r.hash} explorerUrl={explorerUrl} /> }),
      ]}
    />
  );
}
