import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { FarmCreate } from "./FarmCreate";
import { FarmEdit } from "./FarmEdit";

const F = "resources.Farms.fields";

/** Farms (form list): the farm pools saved after their add transaction. */
export const FarmList = () => (
  <CrudList
    title="resources.Farms.title"
    sort={{ field: "pid", order: "ASC" }}
    columns={[
      col.text("pid", `${F}.pid`, { sortable: true }),
      col.image(),
      col.text("lpSymbol", `${F}.lpSymbol`, { sortable: true }),
      col.text("tokenAddresses", `${F}.tokenAddresses`),
      rowActions.edit(),
      rowActions.delete(),
    ]}
    add={{ label: "resources.Farms.add", dialog: FarmCreate }}
    edit={FarmEdit}
  />
);
