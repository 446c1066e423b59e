import type { Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { NewsInputs } from "./NewsInputs";

export function NewsEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.News.edit" submitLabel="app.form.update">
      <NewsInputs imageRule="pngSvg" />
    </EditDialog>
  );
}
