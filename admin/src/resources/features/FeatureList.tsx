import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { FeatureEdit } from "./FeatureEdit";

/** Image Text Edit. (Its 'Add Pool' modal sends a chain transaction: the chain issue adds it.) */
export function FeatureList() {
  const edit = useEditDialog();
  return (
    <RecordList
      title="resources.Feature.title"
      columns={[
        col.serial(),
        col.image(),
        col.text("title", "app.fields.title", { sortable: true }),
        col.text("heading", "app.fields.heading", { sortable: true }),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
      ]}
    >
      <FeatureEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
