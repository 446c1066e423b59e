import { section } from "./kit/section";

export const About = section("About", "landing_banner01", "Home block of the landing page (the farms form list).", {
  content: true,
  image: true,
});
