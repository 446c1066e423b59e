import { useState } from "react";
import { useResourceContext, useTranslate } from "react-admin";
import { screenOf } from "../../registry";
import { AddButton } from "../../ui/AddButton";
import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { DeleteRowButton, EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { ArticleImageCreate, ArticleImageEdit } from "./ArticleImageDialogs";

/** 'Latest ArticlesN Image': one of the four article-image lists, its slot fixed by its registry row. */
export function ArticleImageList() {
  const translate = useTranslate();
  const slot = Number(screenOf(useResourceContext() ?? "").filter?.slot);
  const edit = useEditDialog();
  const [adding, setAdding] = useState(false);
  return (
    <RecordList
      title={translate("resources.ArticleImages.title", { n: slot })}
      columns={[
        col.serial(),
        col.image(),
        col.actions("action", "app.list.action", () => (
          <>
            <EditRowButton onEdit={edit.open} />
            <DeleteRowButton />
          </>
        )),
      ]}
      actions={<AddButton label="resources.ArticleImages.add" onClick={() => setAdding(true)} />}
    >
      <ArticleImageCreate slot={slot} open={adding} onClose={() => setAdding(false)} />
      <ArticleImageEdit id={edit.id} onClose={edit.close} />
    </RecordList>
  );
}
