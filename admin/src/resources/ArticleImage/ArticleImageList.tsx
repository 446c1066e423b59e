import { useTranslate } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { ImageInput } from "../../ui/ImageInput";
import { rowActions } from "../../ui/rowActions";
import { useArticleSlot } from "./useArticleSlot";

/**
 * 'Latest ArticlesN Image': one of the four article-image lists. 'Add Image'
 * has one file input 'Add ArticleN Image' (empty each time it opens); 'Update
 * Image' the file input 'Update Image'.
 */
export function ArticleImageList() {
  const translate = useTranslate();
  const slot = useArticleSlot();
  return (
    <CrudList
      title={translate("resources.ArticleImages.title", { n: slot })}
      columns={[col.serial(), col.image(), rowActions.editDelete()]}
      add={{
        label: "resources.ArticleImages.add",
        inputs: <ImageInput label={translate("resources.ArticleImages.add_label", { n: slot })} />,
      }}
      edit={{ title: "resources.ArticleImages.update", inputs: <ImageInput label="resources.ArticleImages.update" /> }}
    />
  );
}
