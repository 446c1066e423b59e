import { useTranslate, type Identifier } from "react-admin";
import { CreateDialog, EditDialog } from "../../ui/FormDialog";
import { ImageInput } from "../../ui/ImageInput";
import { useArticleSlot } from "./useArticleSlot";

/** 'Add Image' with one file input 'Add ArticleN Image'; Close and Add. Empty each time it opens. */
export function ArticleImageCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const slot = useArticleSlot();
  return (
    <CreateDialog open={open} onClose={onClose} title="resources.ArticleImages.add" submitLabel="app.form.add">
      <ImageInput label={translate("resources.ArticleImages.add_label", { n: slot })} />
    </CreateDialog>
  );
}

/** 'Update Image' with the file input 'Update Image'; Close and Update. */
export function ArticleImageEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.ArticleImages.update" submitLabel="app.form.update">
      <ImageInput label="resources.ArticleImages.update" />
    </EditDialog>
  );
}
