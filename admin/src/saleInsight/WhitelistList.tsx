import { CircularProgress } from "@mui/material";
import { useRecordContext, useTranslate, type RaRecord } from "react-admin";
import { readMany } from "../chain/reads";
import { col, type Column } from "../ui/columns";
import { units } from "./ContributorsList";
import { InsightList } from "./InsightList";
import { usePageRead } from "./usePageRead";

const FIELD = "app.sale_insight.fields";

/** whitelistedAddresses(address) of every address on the page: one Multicall3 eth_call. */
async function readAllocations(presale: string, addresses: string[]) {
  const values = await readMany(
    addresses.map((address) => ({
      address: presale,
      contract: "Presale" as const,
      fn: "whitelistedAddresses",
      args: [address],
      allowFailure: true,
    })),
  );
  return new Map(addresses.map((address, i) => [address, values[i] as bigint | undefined]));
}

/** The allocation the presale holds now for the row's address (the indexed one may lag or have been replaced). */
function OnChainState({ presale }: { presale: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const page = usePageRead({
    name: "whitelistOnChain",
    extraKey: [presale],
    // Re-read when an address's indexed allocation changes (a re-add), not on every poll.
    keyOf: (r) => ({ id: String(r.address), key: r.allocation }),
    read: (addresses) => readAllocations(presale, addresses),
  });
  if (page.isPending) return <CircularProgress size={14} aria-label={translate("app.sale_insight.reading")} />;
  const allocation = record && page.data?.get(String(record.address));
  if (allocation === undefined || allocation === null) return <>—</>;
  return (
    <>
      {allocation > 0n
        ? translate("app.sale_insight.on_chain_allocation", { amount: units(allocation, 18, true) })
        : translate("app.sale_insight.not_on_chain")}
    </>
  );
}

/** The presale's whitelist as indexed (one row per address, its last allocation), with each address's state on chain. */
export function WhitelistList({ presale, indexedBlock }: { presale: string; indexedBlock: number | undefined }) {
  const columns: Column[] = [
    col.text("address", `${FIELD}.address`, { sortable: true }),
    col.text("allocation", `${FIELD}.allocation`, {
      sortable: true,
      render: (r: RaRecord) => `${units(r.allocation, 18, true)} BNB`,
      exportValue: (r: RaRecord) => units(r.allocation, 18),
    }),
    col.datetime("addedAt", `${FIELD}.addedAt`, { sortable: true }),
    // Read from the chain for the page shown only, so it is not exported (the exports cover every page).
    col.actions("onChain", "app.sale_insight.on_chain", () => <OnChainState presale={presale} />),
  ];
  return (
    <InsightList
      title="app.sale_insight.whitelist_title"
      resource="WhitelistEntry"
      filter={{ presaleAddress: presale }}
      sort={{ field: "addedAt", order: "DESC" }}
      columns={columns}
      indexedBlock={indexedBlock}
      empty="app.sale_insight.no_whitelist"
    />
  );
}
