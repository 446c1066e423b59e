import { section } from "./kit/section";

export const HomePage = section("HomePage", "Landing_page2", "The home page hero.", { content: true, image: true });
