/**
 * The content resources whose records keep revisions (the audit contract):
 * their edit dialogs have a History tab, and their deletes can be restored
 * from the Activity screen.
 */
export const CONTENT_TYPES = [
  "LandingBlock",
  "About",
  "Feature",
  "FeatureDescription",
  "Roadmap",
  "HomeImage",
  "HomePage",
  "Setting",
  "News",
  "NewsDescription",
  "Article",
  "ArticleImage",
];

const content = new Set(CONTENT_TYPES);

export const hasHistory = (type: string) => content.has(type);
