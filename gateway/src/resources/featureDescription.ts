import { section } from "./kit/section";

export const FeatureDescription = section("FeatureDescription", "landing_banner03", "The 'road more' description block.", { image: true });
