import { useState } from "react";
import { AddButton } from "../../ui/AddButton";
import { col, contentColumns } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { DeleteRowButton, EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { AboutCreate } from "./AboutCreate";
import { AboutEdit } from "./AboutEdit";

/** Home (about): the landing page's home block entries. */
export function AboutList() {
  const edit = useEditDialog();
  const [adding, setAdding] = useState(false);
  return (
    <RecordList
      title="resources.About.title"
      columns={[
        ...contentColumns(),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
        col.actions("delete", "app.list.delete", () => <DeleteRowButton />),
      ]}
      actions={<AddButton label="resources.About.add" onClick={() => setAdding(true)} />}
    >
      <AboutCreate open={adding} onClose={() => setAdding(false)} />
      <AboutEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
