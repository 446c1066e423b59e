import InfoIcon from "@mui/icons-material/Info";
import { AboutList } from "./AboutList";

export default { list: AboutList, icon: InfoIcon, recordRepresentation: "title" };
