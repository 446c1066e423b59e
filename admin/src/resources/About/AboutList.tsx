import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { SectionInputs } from "../../ui/SectionInputs";
import { aboutTable } from "./table";

/** Home (about): the landing page's home block entries; 'Add hometitle' takes Title, Heading, Description, content. */
export const AboutList = () => (
  <CrudList
    title="resources.About.title"
    sort={aboutTable.sort}
    columns={[...aboutTable.columns, rowActions.edit(), rowActions.delete()]}
    add={{ label: "resources.About.add", inputs: <SectionInputs identifier={false} image={false} /> }}
    edit={{ title: "resources.About.edit", inputs: <SectionInputs /> }}
  />
);
