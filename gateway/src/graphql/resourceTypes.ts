import type { Resource } from "../resources/kit/define";
import { buildTypes, ResourceTypes } from "../resources/kit/graphqlTypes";

// Built once per process: type-graphql keeps its metadata globally.
const cache = new Map<string, ResourceTypes>();

/** The GraphQL types generated from a resource's declaration. */
export function resourceTypes(r: Resource): ResourceTypes {
  let types = cache.get(r.name);
  if (!types) cache.set(r.name, (types = buildTypes(r)));
  return types;
}
