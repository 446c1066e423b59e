import { contentColumns } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { SectionInputs } from "../../ui/SectionInputs";

/** Home Page: the home page hero (identifier Landing_page2). */
export const HomePageList = () => (
  <CrudList
    title="resources.Homepages.title"
    columns={[...contentColumns(), rowActions.edit()]}
    edit={{ title: "resources.Homepages.edit", inputs: <SectionInputs /> }}
  />
);
