import { contentColumns } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { RoadmapEdit } from "./RoadmapEdit";

/** The roadmap 'load more' block (fourth landing section). */
export const RoadmapList = () => (
  <CrudList title="resources.Roadmap.title" columns={[...contentColumns(), rowActions.edit()]} edit={RoadmapEdit} />
);
