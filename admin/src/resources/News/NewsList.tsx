import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { NewsInputs } from "./NewsInputs";
import { newsTable } from "./table";

export const NewsList = () => (
  <CrudList
    title="resources.News.title"
    sort={newsTable.sort}
    columns={[...newsTable.columns, rowActions.edit(), rowActions.showHide(), rowActions.delete()]}
    add={{ label: "resources.News.add", inputs: <NewsInputs /> }}
    edit={{ title: "resources.News.edit", inputs: <NewsInputs /> }}
  />
);
