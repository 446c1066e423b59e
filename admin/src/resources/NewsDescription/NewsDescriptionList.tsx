import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { NewsDescriptionInputs } from "./NewsDescriptionInputs";
import { newsDescriptionTable } from "./table";

export const NewsDescriptionList = () => (
  <CrudList
    title="resources.Newsdescription.title"
    sort={newsDescriptionTable.sort}
    columns={[...newsDescriptionTable.columns, rowActions.edit(), rowActions.showHide(), rowActions.delete()]}
    add={{ label: "resources.Newsdescription.add", inputs: <NewsDescriptionInputs /> }}
    edit={{ title: "resources.Newsdescription.edit", inputs: <NewsDescriptionInputs /> }}
  />
);
