import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { HomeImageEdit } from "./HomeImageEdit";

export const HomeImageList = () => (
  <CrudList title="resources.Homeimage.title" columns={[col.serial(), col.image(), rowActions.edit()]} edit={HomeImageEdit} />
);
