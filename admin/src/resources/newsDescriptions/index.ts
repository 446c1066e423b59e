import DescriptionIcon from "@mui/icons-material/Description";
import { NewsDescriptionList } from "./NewsDescriptionList";

export default { list: NewsDescriptionList, icon: DescriptionIcon, recordRepresentation: "title" };
