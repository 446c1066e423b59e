import type { Resource } from "./define";

/** "NewsDescription" → "News description". */
export const resourceLabel = (resource: Resource) => {
  const words = resource.name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const DONE = { create: "added", update: "updated", remove: "deleted" } as const;

/** What a save answers on every transport ('News added successfully'): REST's data.message, GraphQL's extensions.message. */
export const savedMessage = (resource: Resource, action: keyof typeof DONE) => `${resourceLabel(resource)} ${DONE[action]} successfully`;
