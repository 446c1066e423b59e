import type { RaRecord } from "react-admin";
import { formatAmount } from "../chain/units";
import { col, type Column } from "../ui/columns";
import { InsightList } from "./InsightList";

const FIELD = "app.sale_insight.fields";
/** A decimal string of base units, exact: grouped for the table, plain for the exports. */
export const units = (value: unknown, decimals: number, group = false) => formatAmount(BigInt(String(value ?? "0")), decimals, { group });

/** The presale's purchases (allContributions filtered by presale), largest first. */
export function ContributorsList({
  presale,
  indexedBlock,
  tokenDecimals,
}: {
  presale: string;
  indexedBlock: number | undefined;
  tokenDecimals: number;
}) {
  const columns: Column[] = [
    col.text("buyer", `${FIELD}.buyer`, { sortable: true }),
    col.text("currency", `${FIELD}.currency`, { sortable: true }),
    col.text("amountPaid", `${FIELD}.amountPaid`, {
      sortable: true,
      render: (r: RaRecord) => `${units(r.amountPaid, 18, true)} ${r.currency}`,
      exportValue: (r: RaRecord) => units(r.amountPaid, 18),
    }),
    col.text("tokens", `${FIELD}.tokens`, {
      sortable: true,
      render: (r) => units(r.tokens, tokenDecimals, true),
      exportValue: (r) => units(r.tokens, tokenDecimals),
    }),
    col.datetime("boughtAt", `${FIELD}.boughtAt`, { sortable: true }),
    col.text("txHash", `${FIELD}.txHash`, { sortable: true }),
  ];
  return (
    <InsightList
      title="app.sale_insight.contributors_title"
      resource="Contribution"
      filter={{ presaleAddress: presale }}
      sort={{ field: "amountPaid", order: "DESC" }}
      columns={columns}
      indexedBlock={indexedBlock}
      empty="app.sale_insight.no_contributors"
    />
  );
}
