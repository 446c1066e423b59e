import { CreateDialog } from "../../ui/FormDialog";
import { NewsInputs } from "./NewsInputs";

export function NewsCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <CreateDialog open={open} onClose={onClose} title="resources.News.add" submitLabel="app.form.add">
      <NewsInputs imageRule="any" />
    </CreateDialog>
  );
}
