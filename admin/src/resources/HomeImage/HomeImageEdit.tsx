import type { Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { ImageInput } from "../../ui/ImageInput";

/** Updates the image only (PNG or SVG). */
export function HomeImageEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.Homeimage.edit" submitLabel="app.form.update">
      <ImageInput label="app.fields.image" rule="pngSvg" />
    </EditDialog>
  );
}
