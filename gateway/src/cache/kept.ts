/**
 * Facts about a resource's lists (counts, page marks) kept at the resource
 * version (cache/versions.ts) they were read at, and served only while that is
 * still the version, so they stay exact across writes and replicas. A write of
 * this process that moved the version from exactly v to v+1 (no other write in
 * between, on any replica) tells what it changed, and each fact is carried
 * over it when it can be (`carry`); any other move, or a version that cannot
 * be told, drops them all and the next read reads again.
 */

/** How a write moved its resource's version, when that is known: exactly `from` → `to`. */
export interface VersionMove {
  from: string;
  to: string;
}

/** The row a write of this process changed, before and after it (a create has no `before`, a delete no `after`). */
export interface RowChange {
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** Rows a change added to the whole table: +1, 0 or -1. */
export const addedBy = (change: RowChange) => (change.after ? 1 : 0) - (change.before ? 1 : 0);

/** What a read must hand back to keep its result: when it started. */
export interface KeepTicket {
  version: string | undefined;
  writesStarted: number;
  /** No write of this process was under way. */
  clean: boolean;
}

/** Distinct keys kept per resource (a filter box typed into makes many). */
const MAX_KEPT = 200;

export class KeptAtVersion<T> {
  /**
   * @param carry A fact at v+1 from the fact at v and the write between them, or undefined when it must be read again.
   */
  constructor(private readonly carry: (key: string, value: T, change: RowChange) => T | undefined) {}

  /** The version the facts in `byKey` were read at (or carried to). */
  private at?: string;
  private readonly byKey = new Map<string, T>();
  /** This process's writes of the resource under way, and how many have started: a read they overlap may hold some of them. */
  private writing = 0;
  private writesStarted = 0;

  /** The kept fact of `key` at `version` (the resource's version now), if any. */
  get(key: string, version: string | undefined): T | undefined {
    return version !== undefined && version === this.at ? this.byKey.get(key) : undefined;
  }

  /** Called before a fact is read, with the version now. */
  ticket(version: string | undefined): KeepTicket {
    return { version, writesStarted: this.writesStarted, clean: this.writing === 0 };
  }

  /**
   * Keeps a fact read since `ticket` if it is the fact at that version: the
   * version has not moved meanwhile (`version` is the version now), and none
   * of this process's writes was under way while it was read (a committed
   * write not yet counted in the version would otherwise be carried twice).
   */
  keep(key: string, value: T, ticket: KeepTicket, version: string | undefined): void {
    if (ticket.version === undefined || ticket.version !== version || !ticket.clean) return;
    if (this.writing !== 0 || this.writesStarted !== ticket.writesStarted) return;
    if (this.at !== version) {
      this.byKey.clear();
      this.at = version;
    }
    if (this.byKey.size >= MAX_KEPT && !this.byKey.has(key)) this.byKey.clear();
    this.byKey.set(key, value);
  }

  /**
   * Runs one of this process's writes, so that facts read while it runs are
   * not kept. A write that fails drops them: it may have changed rows all the
   * same (on SQLite, concurrent transactions on its one connection can fail
   * after their statements ran), and then no version says so.
   */
  async during<W>(write: () => Promise<W>): Promise<W> {
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
    this.byKey.clear();
    this.at = undefined;
  }

  /** A write of this process committed `change` (undefined: not known) and moved the version as `move` says (undefined: not known). */
  written(change: RowChange | undefined, move: VersionMove | undefined): void {
    const carried: [string, T][] = [];
    if (change && move && this.at !== undefined && move.from === this.at) {
      for (const [key, value] of this.byKey) {
        const next = this.carry(key, value, change);
        if (next !== undefined) carried.push([key, next]);
      }
    }
    this.drop();
    if (!move || !carried.length) return;
    this.at = move.to;
    for (const [key, value] of carried) this.byKey.set(key, value);
  }
}
