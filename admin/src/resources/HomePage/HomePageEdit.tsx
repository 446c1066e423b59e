import type { Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { SectionInputs } from "../../ui/SectionInputs";

/** The home page hero (identifier Landing_page2). */
export function HomePageEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.Homepages.edit" submitLabel="app.form.update">
      <SectionInputs />
    </EditDialog>
  );
}
