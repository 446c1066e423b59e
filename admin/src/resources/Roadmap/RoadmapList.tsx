import { col, contentColumns } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { RoadmapEdit } from "./RoadmapEdit";

/** The roadmap 'load more' block (fourth landing section). */
export function RoadmapList() {
  const edit = useEditDialog();
  return (
    <RecordList
      title="resources.Roadmap.title"
      columns={[
        ...contentColumns(),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
      ]}
    >
      <RoadmapEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
