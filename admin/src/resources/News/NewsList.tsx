import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { NewsInputs } from "./NewsInputs";

export const NewsList = () => (
  <CrudList
    title="resources.News.title"
    sort={{ field: "createdAt", order: "DESC" }}
    columns={[
      col.serial(),
      col.image(),
      col.text("heading", "app.fields.heading", { sortable: true }),
      rowActions.edit(),
      rowActions.showHide(),
      rowActions.delete(),
    ]}
    add={{ label: "resources.News.add", inputs: <NewsInputs /> }}
    edit={{ title: "resources.News.edit", inputs: <NewsInputs /> }}
  />
);
