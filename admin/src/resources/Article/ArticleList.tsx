import type { RaRecord } from "react-admin";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { ArticleInputs } from "./ArticleInputs";
import { articleTable } from "./table";

/** On create the Heading is sent with the Title's value. */
const headingFromTitle = (data: RaRecord) => ({ ...data, heading: data.title });

/** Latest Articles. */
export const ArticleList = () => (
  <CrudList
    title="resources.Articles.title"
    sort={articleTable.sort}
    columns={[...articleTable.columns, rowActions.edit(), rowActions.showHide(), rowActions.delete()]}
    add={{ label: "resources.Articles.add", inputs: <ArticleInputs withHeading={false} />, transform: headingFromTitle }}
    edit={{ title: "resources.Articles.edit", inputs: <ArticleInputs withHeading /> }}
  />
);
