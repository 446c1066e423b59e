import { useRecordContext } from "react-admin";
import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { VisibilityToggle } from "../../ui/VisibilityToggle";
import { LandingEdit } from "./LandingEdit";

/** Edit appears only while the block is shown (its legacy Status is 'true'). */
function EditWhenShown({ onEdit }: { onEdit: (id: string | number) => void }) {
  const record = useRecordContext();
  return record?.visible === true ? <EditRowButton onEdit={onEdit} /> : null;
}

/** Landing: the public landing page's blocks. */
export function LandingList() {
  const edit = useEditDialog();
  return (
    <RecordList
      title="resources.Home.title"
      columns={[
        col.serial(),
        col.text("pageName", "resources.Home.fields.page", { sortable: true }),
        col.text("title", "app.fields.title", { sortable: true }),
        col.actions("edit", "app.list.edit", () => <EditWhenShown onEdit={edit.open} />),
        col.actions("visible", "resources.Home.fields.status", () => <VisibilityToggle />),
      ]}
    >
      <LandingEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
