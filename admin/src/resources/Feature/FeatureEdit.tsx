import type { Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { SectionInputs } from "../../ui/SectionInputs";

/** Identifier fixed to the second landing section. */
export function FeatureEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.Feature.edit" submitLabel="app.form.update">
      <SectionInputs />
    </EditDialog>
  );
}
