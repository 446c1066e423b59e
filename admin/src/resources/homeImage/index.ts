import ImageIcon from "@mui/icons-material/Image";
import { HomeImageList } from "./HomeImageList";

export default { list: HomeImageList, icon: ImageIcon };
