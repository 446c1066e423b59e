import { section } from "./kit/section";

export const Roadmap = section("Roadmap", "landing_banner04", "The roadmap 'load more' block.", {
  content: true,
  image: true,
  maxDescription: 200,
});
