import NewspaperIcon from "@mui/icons-material/Newspaper";
import { NewsList } from "./NewsList";

export default { list: NewsList, icon: NewspaperIcon, recordRepresentation: "heading" };
