import { col, type ListTable } from "../../ui/columns";

/** The News list's columns and order (newest first); its screen adds the row buttons. */
export const newsTable: ListTable = {
  sort: { field: "createdAt", order: "DESC" },
  columns: [col.serial(), col.image(), col.text("heading", "app.fields.heading", { sortable: true })],
};
