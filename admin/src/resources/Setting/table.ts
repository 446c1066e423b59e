import { col, ID_ORDER, type ListTable } from "../../ui/columns";

const FIELDS = "resources.Setting.fields";

/** The settings' columns (S.No, Name, Value) and order (by id); its screen adds the edit button. */
export const settingTable: ListTable = {
  columns: [col.serial(), col.text("name", `${FIELDS}.name`, { sortable: true }), col.text("value", `${FIELDS}.value`)],
  sort: ID_ORDER,
};
