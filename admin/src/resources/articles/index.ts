import ArticleIcon from "@mui/icons-material/Article";
import { ArticleList } from "./ArticleList";

export default { list: ArticleList, icon: ArticleIcon, recordRepresentation: "title" };
