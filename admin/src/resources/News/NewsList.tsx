import { useState } from "react";
import { AddButton } from "../../ui/AddButton";
import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { DeleteRowButton, EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { VisibilityToggle } from "../../ui/VisibilityToggle";
import { NewsCreate } from "./NewsCreate";
import { NewsEdit } from "./NewsEdit";

export function NewsList() {
  const edit = useEditDialog();
  const [adding, setAdding] = useState(false);
  return (
    <RecordList
      title="resources.News.title"
      sort={{ field: "createdAt", order: "DESC" }}
      columns={[
        col.serial(),
        col.image(),
        col.text("heading", "app.fields.heading", { sortable: true }),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
        col.actions("visible", "app.list.show_hide", () => <VisibilityToggle />),
        col.actions("delete", "app.list.delete", () => <DeleteRowButton />),
      ]}
      actions={<AddButton label="resources.News.add" onClick={() => setAdding(true)} />}
    >
      <NewsCreate open={adding} onClose={() => setAdding(false)} />
      <NewsEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
