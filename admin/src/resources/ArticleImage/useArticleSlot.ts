import { useResourceContext } from "react-admin";
import { screenOf } from "../../registry";

/** Which of the four article-image slots this screen (/Articles1 to /Articles4) shows: its registry row fixes it. */
export const useArticleSlot = () => Number(screenOf(useResourceContext() ?? "").filter?.slot);
