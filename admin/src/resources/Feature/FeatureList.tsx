import { lazy } from "react";
import { AddButton } from "../../ui/AddButton";
import { col, contentColumns } from "../../ui/columns";
import { LazyDialog, useLazyDialog } from "../../ui/LazyDialog";
import { RecordList } from "../../ui/RecordList";
import { EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { FeatureEdit } from "./FeatureEdit";

/** 'Add Pool' signs transactions: its code (and the chain layer) loads on first use. */
const PoolCreate = lazy(() => import("../Pool/PoolCreate"));

/** Image Text Edit: the second landing section's entries, and 'Add Pool' (a farm pool, added on chain then saved). */
export function FeatureList() {
  const edit = useEditDialog();
  const addPool = useLazyDialog();
  return (
    <RecordList
      title="resources.Feature.title"
      columns={[
        ...contentColumns(),
        col.actions("edit", "app.list.edit", () => <EditRowButton onEdit={edit.open} />),
      ]}
      actions={<AddButton label="resources.Feature.add_pool" onClick={addPool.show} />}
    >
      <FeatureEdit id={edit.id} onClose={edit.close} />
      <LazyDialog component={PoolCreate} dialog={addPool} />
    </RecordList>
  );
}
