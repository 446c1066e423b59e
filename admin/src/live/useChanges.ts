import { useEffect, useRef } from "react";
import { listenToChanges, type ChangeListener } from "./changeStream";

/** Calls `onChange` for each change of `resource` (a GraphQL type name) while mounted, over the tab's one stream. */
export function useChanges(resource: string | undefined, onChange: ChangeListener) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => (resource ? listenToChanges(resource, (change) => latest.current(change)) : undefined), [resource]);
}
