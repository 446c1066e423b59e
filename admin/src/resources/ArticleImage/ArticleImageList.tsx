import { useTranslate } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { ArticleImageCreate, ArticleImageEdit } from "./ArticleImageDialogs";
import { useArticleSlot } from "./useArticleSlot";

/** 'Latest ArticlesN Image': one of the four article-image lists. */
export function ArticleImageList() {
  const translate = useTranslate();
  return (
    <CrudList
      title={translate("resources.ArticleImages.title", { n: useArticleSlot() })}
      columns={[col.serial(), col.image(), rowActions.editDelete()]}
      add={{ label: "resources.ArticleImages.add", dialog: ArticleImageCreate }}
      edit={ArticleImageEdit}
    />
  );
}
