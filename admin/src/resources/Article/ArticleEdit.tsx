import type { Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { ArticleInputs } from "./ArticleInputs";

export function ArticleEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.Articles.edit" submitLabel="app.form.update">
      <ArticleInputs withHeading />
    </EditDialog>
  );
}
