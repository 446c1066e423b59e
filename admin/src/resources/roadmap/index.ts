import TimelineIcon from "@mui/icons-material/Timeline";
import { RoadmapList } from "./RoadmapList";

export default { list: RoadmapList, icon: TimelineIcon, recordRepresentation: "title" };
