import { contentColumns } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { NewsDescriptionInputs } from "./NewsDescriptionInputs";

export const NewsDescriptionList = () => (
  <CrudList
    title="resources.Newsdescription.title"
    sort={{ field: "createdAt", order: "DESC" }}
    columns={[...contentColumns(), rowActions.edit(), rowActions.showHide(), rowActions.delete()]}
    add={{ label: "resources.Newsdescription.add", inputs: <NewsDescriptionInputs /> }}
    edit={{ title: "resources.Newsdescription.edit", inputs: <NewsDescriptionInputs /> }}
  />
);
