import CollectionsIcon from "@mui/icons-material/Collections";
import { ArticleImageList } from "./ArticleImageList";

/** The four article-image screens, /Articles1 to /Articles4: one resource with a fixed slot. */
export const ARTICLE_IMAGE_SLOTS = [1, 2, 3, 4];

export const articleImagesResource = (slot: number) => ({
  name: `Articles${slot}`,
  list: () => <ArticleImageList slot={slot} />,
  icon: CollectionsIcon,
});
