import { defineResource } from "./kit/define";
import { f, PNG_SVG } from "./kit/fields";

/**
 * The landing page's Title/Heading/Description sections. Each kind keeps its
 * fixed identifier (set by the server, never by the client).
 */
function section(name: string, table: string, identifier: string, doc: string, o: { content?: boolean; image?: boolean; maxDescription?: number }) {
  return defineResource({
    name,
    table,
    doc: `${doc} Identifier fixed to ${identifier}.`,
    fields: {
      identifier: f.constant(identifier, { filterable: true }),
      title: f.string(255, { required: true, sortable: true, legacy: "Title" }),
      heading: f.string(255, { sortable: true, legacy: "Heading" }),
      description: f.text({ max: o.maxDescription, legacy: "Description" }),
      ...(o.content ? { content: f.text() } : {}),
      ...(o.image ? { imageUri: f.image(PNG_SVG) } : {}),
    },
    access: { read: "public", write: "user" },
  });
}

export const about = section("About", "abouts", "landing_banner01", "Home block of the landing page (the farms form list).", { content: true, image: true });
export const feature = section("Feature", "features", "landing_banner02", "Image-text features of the landing page.", { content: true, image: true });
export const featureDescription = section("FeatureDescription", "feature_descriptions", "landing_banner03", "The 'road more' description block.", {});
export const roadmap = section("Roadmap", "roadmaps", "landing_banner04", "The roadmap 'load more' block.", { content: true, image: true, maxDescription: 200 });
export const homePage = section("HomePage", "home_pages", "Landing_page2", "The home page hero.", { content: true, image: true });
