import RocketLaunchIcon from "@mui/icons-material/RocketLaunch";
import { LaunchPadList } from "./LaunchPadList";

export default { list: LaunchPadList, icon: RocketLaunchIcon, recordRepresentation: "presaleAddress" };
