import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { SectionInputs } from "../../ui/SectionInputs";
import { roadmapTable } from "./table";

const DESCRIPTION_MAX = 200;

/** The roadmap 'load more' block (fourth landing section): its 'Load More' modal keeps the Description to 200 characters. */
export const RoadmapList = () => (
  <CrudList
    title="resources.Roadmap.title"
    sort={roadmapTable.sort}
    columns={[...roadmapTable.columns, rowActions.edit()]}
    edit={{
      title: "resources.Roadmap.edit",
      submitLabel: "resources.Roadmap.update",
      inputs: <SectionInputs identifier={false} maxDescription={DESCRIPTION_MAX} />,
    }}
  />
);
