import { useState } from "react";
import { AddButton } from "../../ui/AddButton";
import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { DeleteRowButton, EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { FlagSwitch } from "../../ui/VisibilityToggle";
import { UserCreate } from "./UserCreate";
import { UserEdit } from "./UserEdit";

/** Admin users; self-registered accounts wait here for approval. */
export function UserList() {
  const edit = useEditDialog();
  const [adding, setAdding] = useState(false);
  return (
    <RecordList
      title="resources.Users.title"
      columns={[
        col.serial(),
        col.text("name", "app.auth.name", { sortable: true }),
        col.text("email", "app.auth.email", { sortable: true }),
        col.datetime("createdAt", "resources.Users.fields.date", { sortable: true }),
        col.text("role", "resources.Users.fields.role"),
        col.actions("approved", "resources.Users.fields.approved", () => (
          <FlagSwitch source="approved" label="resources.Users.fields.approved" messages={{ on: "resources.Users.approved", off: "resources.Users.suspended" }} />
        )),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
        col.actions("delete", "app.list.delete", () => <DeleteRowButton />),
      ]}
      actions={<AddButton label="resources.Users.add" onClick={() => setAdding(true)} />}
    >
      <UserCreate open={adding} onClose={() => setAdding(false)} />
      <UserEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
