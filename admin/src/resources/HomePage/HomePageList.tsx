import { col, contentColumns } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { HomePageEdit } from "./HomePageEdit";

export function HomePageList() {
  const edit = useEditDialog();
  return (
    <RecordList
      title="resources.Homepages.title"
      columns={[
        ...contentColumns(),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
      ]}
    >
      <HomePageEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
