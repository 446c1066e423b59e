import SettingsIcon from "@mui/icons-material/Settings";
import { SettingList } from "./SettingList";

export default { list: SettingList, icon: SettingsIcon, recordRepresentation: "name" };
