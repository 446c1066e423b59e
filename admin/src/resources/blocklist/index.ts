import BlockIcon from "@mui/icons-material/Block";
import { BlocklistList } from "./BlocklistList";

export default { list: BlocklistList, icon: BlockIcon, recordRepresentation: "walletAddress" };
