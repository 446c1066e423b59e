import { contentColumns, ID_ORDER, type ListTable } from "../../ui/columns";

/** The features' columns (S.No, Image, Title, Heading) and order (by id); its screen adds the row buttons. */
export const featureTable: ListTable = { columns: contentColumns(), sort: ID_ORDER };
