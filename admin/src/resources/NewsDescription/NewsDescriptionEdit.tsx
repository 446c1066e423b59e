import type { Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { NewsDescriptionInputs } from "./NewsDescriptionInputs";

export function NewsDescriptionEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.Newsdescription.edit" submitLabel="app.form.update">
      <NewsDescriptionInputs />
    </EditDialog>
  );
}
