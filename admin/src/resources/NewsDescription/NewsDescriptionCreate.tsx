import { CreateDialog } from "../../ui/FormDialog";
import { NewsDescriptionInputs } from "./NewsDescriptionInputs";

export function NewsDescriptionCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <CreateDialog open={open} onClose={onClose} title="resources.Newsdescription.add" submitLabel="app.form.add">
      <NewsDescriptionInputs />
    </CreateDialog>
  );
}
