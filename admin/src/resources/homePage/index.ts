import HomeIcon from "@mui/icons-material/Home";
import { HomePageList } from "./HomePageList";

export default { list: HomePageList, icon: HomeIcon, recordRepresentation: "title" };
