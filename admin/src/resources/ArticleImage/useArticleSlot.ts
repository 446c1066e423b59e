import { useResourceContext } from "react-admin";
import { useScreens } from "../../ui/screens";

/** Which of the four article-image slots this screen (/Articles1 to /Articles4) shows: its registry row fixes it. */
export function useArticleSlot() {
  const { screenOf } = useScreens();
  return Number(screenOf(useResourceContext() ?? "").filter?.slot);
}
