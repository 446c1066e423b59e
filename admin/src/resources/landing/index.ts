import WebIcon from "@mui/icons-material/Web";
import { LandingList } from "./LandingList";

export default { list: LandingList, icon: WebIcon, recordRepresentation: "identifier" };
