import { contentColumns } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { HomePageEdit } from "./HomePageEdit";

export const HomePageList = () => (
  <CrudList title="resources.Homepages.title" columns={[...contentColumns(), rowActions.edit()]} edit={HomePageEdit} />
);
