import { contentColumns } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { NewsDescriptionCreate } from "./NewsDescriptionCreate";
import { NewsDescriptionEdit } from "./NewsDescriptionEdit";

export const NewsDescriptionList = () => (
  <CrudList
    title="resources.Newsdescription.title"
    sort={{ field: "createdAt", order: "DESC" }}
    columns={[...contentColumns(), rowActions.edit(), rowActions.showHide(), rowActions.delete()]}
    add={{ label: "resources.Newsdescription.add", dialog: NewsDescriptionCreate }}
    edit={NewsDescriptionEdit}
  />
);
