import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { ImageInput } from "../../ui/ImageInput";
import { rowActions } from "../../ui/rowActions";

/** Home Image: its edit updates the image only (PNG or SVG). */
export const HomeImageList = () => (
  <CrudList
    title="resources.Homeimage.title"
    columns={[col.serial(), col.image(), rowActions.edit()]}
    edit={{ title: "resources.Homeimage.edit", inputs: <ImageInput label="app.fields.image" /> }}
  />
);
