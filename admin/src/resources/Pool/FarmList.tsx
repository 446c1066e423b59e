import { useState } from "react";
import { AddButton } from "../../ui/AddButton";
import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { DeleteRowButton, EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { FarmCreate } from "./FarmCreate";
import { FarmEdit } from "./FarmEdit";

/** Farms (form list): the farm pools saved after their add transaction. */
export function FarmList() {
  const edit = useEditDialog();
  const [adding, setAdding] = useState(false);
  return (
    <RecordList
      title="resources.Farms.title"
      sort={{ field: "pid", order: "ASC" }}
      columns={[
        col.text("pid", "resources.Farms.fields.pid", { sortable: true }),
        col.image(),
        col.text("lpSymbol", "resources.Farms.fields.lpSymbol", { sortable: true }),
        col.text("tokenAddresses", "resources.Farms.fields.tokenAddresses"),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
        col.actions("delete", "app.list.delete", () => <DeleteRowButton />),
      ]}
      actions={<AddButton label="resources.Farms.add" onClick={() => setAdding(true)} />}
    >
      <FarmCreate open={adding} onClose={() => setAdding(false)} />
      <FarmEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
