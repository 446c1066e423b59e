import { contentColumns, ID_ORDER, type ListTable } from "../../ui/columns";

/** The roadmap block's columns (S.No, Image, Title, Heading) and order (by id); its screen adds the row buttons. */
export const roadmapTable: ListTable = { columns: contentColumns(), sort: ID_ORDER };
