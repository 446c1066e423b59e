import NotesIcon from "@mui/icons-material/Notes";
import { FeatureDescriptionList } from "./FeatureDescriptionList";

export default { list: FeatureDescriptionList, icon: NotesIcon, recordRepresentation: "title" };
