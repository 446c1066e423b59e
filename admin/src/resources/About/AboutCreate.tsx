import { CreateDialog } from "../../ui/FormDialog";
import { SectionInputs } from "../../ui/SectionInputs";

/** 'Add hometitle': Title, Heading, Description, content. */
export function AboutCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <CreateDialog open={open} onClose={onClose} title="resources.About.add" submitLabel="app.form.add">
      <SectionInputs identifier={false} image={false} />
    </CreateDialog>
  );
}
