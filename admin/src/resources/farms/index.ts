import AgricultureIcon from "@mui/icons-material/Agriculture";
import { FarmList } from "./FarmList";

export default { list: FarmList, icon: AgricultureIcon, recordRepresentation: "lpSymbol" };
