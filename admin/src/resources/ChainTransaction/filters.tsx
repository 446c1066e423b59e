import { SelectInput, useGetList, useListContext, useTranslate } from "react-admin";

/** The contract names the gateway records (transactionRecorder: configured contracts, then Presale and SaleToken). */
const CONTRACTS = ["Presale", "PresaleFactory", "SaleToken", "Farm", "PairFactory", "Staking", "StableCoin"];

function PresaleFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { data = [], isPending } = useGetList("LaunchPad", { pagination: { page: 1, perPage: 1000 }, sort: { field: "id", order: "ASC" } });
  const { filterValues } = useListContext();
  const choices = data.map((r) => ({ id: r.presaleAddress, name: `${r.tokenSymbol ? `${r.tokenSymbol} ` : ""}${r.presaleAddress}` }));
  // A presale given in the address (a ManageSale link) that is not registered is still a choice.
  const current = filterValues?.[source] as string | undefined;
  if (current && !choices.some((c) => c.id === current)) choices.push({ id: current, name: current });
  return <SelectInput source={source} label={label} choices={choices} isPending={isPending} emptyText="—" sx={{ minWidth: 260 }} />;
}

/** Filters of the history: contract, presale and result, next to the search box. */
export function useTransactionFilters() {
  const translate = useTranslate();
  return [
    <SelectInput
      key="contract"
      source="contract"
      label={translate("resources.transactions.fields.contract")}
      choices={CONTRACTS.map((c) => ({ id: c, name: c }))}
      emptyText="—"
      alwaysOn
    />,
    <PresaleFilter key="presale" source="presaleAddress" label={translate("resources.transactions.fields.presaleAddress")} alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label={translate("resources.transactions.fields.status")}
      choices={["success", "reverted"].map((s) => ({ id: s, name: translate(`app.transactions.status.${s}`) }))}
      emptyText="—"
      alwaysOn
    />,
  ];
}
