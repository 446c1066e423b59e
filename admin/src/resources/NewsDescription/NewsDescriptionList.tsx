import { useState } from "react";
import { AddButton } from "../../ui/AddButton";
import { col, contentColumns } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { DeleteRowButton, EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { VisibilityToggle } from "../../ui/VisibilityToggle";
import { NewsDescriptionCreate } from "./NewsDescriptionCreate";
import { NewsDescriptionEdit } from "./NewsDescriptionEdit";

export function NewsDescriptionList() {
  const edit = useEditDialog();
  const [adding, setAdding] = useState(false);
  return (
    <RecordList
      title="resources.Newsdescription.title"
      sort={{ field: "createdAt", order: "DESC" }}
      columns={[
        ...contentColumns(),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
        col.actions("visible", "app.list.show_hide", () => <VisibilityToggle />),
        col.actions("delete", "app.list.delete", () => <DeleteRowButton />),
      ]}
      actions={<AddButton label="resources.Newsdescription.add" onClick={() => setAdding(true)} />}
    >
      <NewsDescriptionCreate open={adding} onClose={() => setAdding(false)} />
      <NewsDescriptionEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
