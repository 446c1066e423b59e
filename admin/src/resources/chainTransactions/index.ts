import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { ChainTransactionList } from "./ChainTransactionList";

/** The chain transaction history (GraphQL type ChainTransaction): read-only. */
export default { list: ChainTransactionList, icon: ReceiptLongIcon, recordRepresentation: "hash" };
