import { section } from "./kit/section";

export const Feature = section("Feature", "landing_banner02", "Image-text features of the landing page.", { content: true, image: true });
