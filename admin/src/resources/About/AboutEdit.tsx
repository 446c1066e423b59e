import type { Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { SectionInputs } from "../../ui/SectionInputs";

/** The edit modal titled Home: identifier fixed to the first landing section. */
export function AboutEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.About.edit" submitLabel="app.form.update">
      <SectionInputs />
    </EditDialog>
  );
}
