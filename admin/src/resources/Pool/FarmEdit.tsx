import { TextInput, type Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { ImageInput } from "../../ui/ImageInput";

/** What the admin may change of a farm without a transaction: its labels and image. */
export function FarmEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.Farms.edit" submitLabel="app.form.update">
      <TextInput source="lpSymbol" label="resources.Farms.fields.lpSymbol" fullWidth />
      <TextInput source="tokenSymbol" label="resources.Farms.fields.tokenSymbol" fullWidth />
      <ImageInput label="app.fields.image" rule="pngSvg" />
    </EditDialog>
  );
}
