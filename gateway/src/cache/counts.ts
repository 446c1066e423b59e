import { addedBy, KeptAtVersion } from "./kept";

/**
 * The kept counts of one resource (cache/kept.ts). The unfiltered count
 * survives this process's own writes: count(v+1) is count(v) plus the rows the
 * write added (+1, 0 or -1). Filtered counts are dropped by every version move
 * (a write can move a row in or out of a filter without saying so).
 */

/** The unfiltered count's key (filters are keyed by their JSON). */
export const UNFILTERED = "{}";

export class KeptCounts extends KeptAtVersion<number> {
  constructor() {
    super((key, count, change) => (key === UNFILTERED ? count + addedBy(change) : undefined));
  }
}
