import { contentColumns, type ListTable } from "../../ui/columns";

/** The Latest Articles list's columns (S.No, Image, Title, Heading) and order (newest first); its screen adds the row buttons. */
export const articleTable: ListTable = { columns: contentColumns(), sort: { field: "createdAt", order: "DESC" } };
