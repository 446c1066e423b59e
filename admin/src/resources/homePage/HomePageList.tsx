import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { HomePageEdit } from "./HomePageEdit";

export function HomePageList() {
  const edit = useEditDialog();
  return (
    <RecordList
      title="resources.Homepages.title"
      columns={[
        col.serial(),
        col.image(),
        col.text("title", "app.fields.title", { sortable: true }),
        col.text("heading", "app.fields.heading", { sortable: true }),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
      ]}
    >
      <HomePageEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
