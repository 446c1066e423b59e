/**
 * The kept counts of one resource, exact across writes and replicas: each is
 * kept at the resource version (cache/versions.ts) it was read at and served
 * only while that is still the version. The unfiltered count survives this
 * process's own writes: when a write moved the version from exactly v to v+1
 * (no other write counted in between, on any replica), count(v+1) is
 * count(v) plus the rows the write added (+1, 0 or -1); any other move, or a
 * version that cannot be told, drops it and the next read counts again.
 * Filtered counts are dropped by every version move (a write can move a row
 * in or out of a filter without saying so).
 */

/** How a write moved its resource's version, when that is known: exactly `from` → `to`. */
export interface VersionMove {
  from: string;
  to: string;
}

/** Distinct filters whose counts are kept per resource (a filter box typed into makes many). */
const MAX_KEPT_COUNTS = 200;
/** The unfiltered count's key (filters are keyed by their JSON). */
export const UNFILTERED = "{}";

/** What a count read must hand back to keep its result: when it started. */
export interface CountTicket {
  version: string | undefined;
  writesStarted: number;
  clean: boolean;
}

export class KeptCounts {
  /** The version the counts in `byFilter` were read at (or derived for). */
  private at?: string;
  private readonly byFilter = new Map<string, number>();
  /** This process's writes of the resource under way, and how many have started: a count they overlap may hold some of them. */
  private writing = 0;
  private writesStarted = 0;

  /** The kept count of `key` at `version` (the resource's version now), if any. */
  get(key: string, version: string | undefined): number | undefined {
    return version !== undefined && version === this.at ? this.byFilter.get(key) : undefined;
  }

  /** Called before a count is read, with the version now. */
  ticket(version: string | undefined): CountTicket {
    return { version, writesStarted: this.writesStarted, clean: this.writing === 0 };
  }

  /**
   * Keeps a count read since `ticket` if it is the count at that version: the
   * version has not moved meanwhile (`version` is the version now), and none
   * of this process's writes was under way while it was read (a committed
   * write not yet counted in the version would otherwise be added twice).
   */
  keep(key: string, counted: number, ticket: CountTicket, version: string | undefined): void {
    if (ticket.version === undefined || ticket.version !== version || !ticket.clean) return;
    if (this.writing !== 0 || this.writesStarted !== ticket.writesStarted) return;
    if (this.at !== version) {
      this.byFilter.clear();
      this.at = version;
    }
    if (this.byFilter.size >= MAX_KEPT_COUNTS) this.byFilter.clear();
    this.byFilter.set(key, counted);
  }

  /**
   * Runs one of this process's writes, so that counts read while it runs are
   * not kept. A write that fails drops them: it may have changed rows all the
   * same (on SQLite, concurrent transactions on its one connection can fail
   * after their statements ran), and then no version says so.
   */
  async during<T>(write: () => Promise<T>): Promise<T> {
    this.writing++;
    this.writesStarted++;
    try {
      return await write();
    } catch (error) {
      this.drop();
      throw error;
    } finally {
      this.writing--;
    }
  }

  private drop() {
    this.byFilter.clear();
    this.at = undefined;
  }

  /** A write of this process committed `added` rows (-1, 0 or 1) and moved the version as `move` says (undefined: not known). */
  written(added: number, move: VersionMove | undefined): void {
    const unfiltered = this.at !== undefined && move?.from === this.at ? this.byFilter.get(UNFILTERED) : undefined;
    this.drop();
    if (unfiltered === undefined || !move) return;
    this.at = move.to;
    this.byFilter.set(UNFILTERED, unfiltered + added);
  }
}
