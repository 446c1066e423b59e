import type { Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { SectionInputs } from "../../ui/SectionInputs";

/** Identifier fixed to the third landing section: Title, Heading, Description. */
export function FeatureDescriptionEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.featruedes.edit" submitLabel="app.form.update">
      <SectionInputs content={false} image={false} />
    </EditDialog>
  );
}
