import { contentColumns, ID_ORDER, type ListTable } from "../../ui/columns";

/** The home page blocks' columns (S.No, Image, Title, Heading) and order (by id); its screen adds the row buttons. */
export const homePageTable: ListTable = { columns: contentColumns(), sort: ID_ORDER };
