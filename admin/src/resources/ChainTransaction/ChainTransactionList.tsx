import { useMemo } from "react";
import { useGetList } from "react-admin";
import { sameAddress } from "../../chain/units";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { Address, PresaleLink, TxCall, TxHash, TxStatus } from "./cells";
import type { TxToken } from "./sentence";
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
  const tokenOf = useSaleTokens();
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
        col.text("args", `${FIELDS}.action`, {
          render: (r) => <TxCall tx={r as typeof r & { functionName: string }} token={tokenOf(r.presaleAddress)} />,
          exportValue: (r) => r.args ?? "",
        }),
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

/** Each registered presale's sale token (its LaunchPad record), so that token amounts read in its units. */
function useSaleTokens() {
  const { data } = useGetList("LaunchPad", { pagination: { page: 1, perPage: 1000 }, sort: { field: "id", order: "ASC" } });
  return useMemo(
    () =>
      (presale: string | null | undefined): TxToken | null => {
        const record = data?.find((r) => sameAddress(r.presaleAddress, presale));
        return record?.tokenSymbol && record.tokenDecimal !== null && record.tokenDecimal !== undefined
          ? { symbol: String(record.tokenSymbol), decimals: Number(record.tokenDecimal) }
          : null;
      },
    [data],
  );
}
