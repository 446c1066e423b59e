import { section } from "./kit/section";

export const Roadmap = section("Roadmap", "roadmaps", "landing_banner04", "The roadmap 'load more' block.", { content: true, image: true, maxDescription: 200 });
