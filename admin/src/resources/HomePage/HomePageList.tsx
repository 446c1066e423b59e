import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { SectionInputs } from "../../ui/SectionInputs";
import { homePageTable } from "./table";

/** Home Page: the home page hero (identifier Landing_page2). */
export const HomePageList = () => (
  <CrudList
    title="resources.Homepages.title"
    sort={homePageTable.sort}
    columns={[...homePageTable.columns, rowActions.edit()]}
    edit={{ title: "resources.Homepages.edit", inputs: <SectionInputs /> }}
  />
);
