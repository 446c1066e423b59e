import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { HomeImageEdit } from "./HomeImageEdit";

export function HomeImageList() {
  const edit = useEditDialog();
  return (
    <RecordList
      title="resources.Homeimage.title"
      columns={[col.serial(), col.image(), col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />)]}
    >
      <HomeImageEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
