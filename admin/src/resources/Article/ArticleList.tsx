import { contentColumns } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { ArticleCreate } from "./ArticleCreate";
import { ArticleEdit } from "./ArticleEdit";

/** Latest Articles. */
export const ArticleList = () => (
  <CrudList
    title="resources.Articles.title"
    sort={{ field: "createdAt", order: "DESC" }}
    columns={[...contentColumns(), rowActions.edit(), rowActions.showHide(), rowActions.delete()]}
    add={{ label: "resources.Articles.add", dialog: ArticleCreate }}
    edit={ArticleEdit}
  />
);
