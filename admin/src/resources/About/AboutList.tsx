import { contentColumns } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { AboutCreate } from "./AboutCreate";
import { AboutEdit } from "./AboutEdit";

/** Home (about): the landing page's home block entries. */
export const AboutList = () => (
  <CrudList
    title="resources.About.title"
    columns={[...contentColumns(), rowActions.edit(), rowActions.delete()]}
    add={{ label: "resources.About.add", dialog: AboutCreate }}
    edit={AboutEdit}
  />
);
