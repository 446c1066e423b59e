import ViewQuiltIcon from "@mui/icons-material/ViewQuilt";
import { FeatureList } from "./FeatureList";

export default { list: FeatureList, icon: ViewQuiltIcon, recordRepresentation: "title" };
