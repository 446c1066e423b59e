import type { VersionMove } from "./kept";

/**
 * A version per resource, bumped by every write to it: cached answers carry
 * the version they were built from, so a write makes them unreachable at once.
 * `LocalVersions` keeps them in this process; `RedisVersions`
 * (cache/redisVersions.ts) shares them between replicas.
 */
export interface ResourceVersions {
  /**
   * An opaque token naming the resource's current version, or undefined when
   * the current version is not known (Redis away): then no cached answer may
   * be served or kept, and reads go to the database.
   */
  of(resource: string): string | undefined;
  /**
   * Counts a write; once it settles, no replica serves an answer from before it for more than 1 s. Never rejects.
   * Answers how it moved the version when that is known (the version just before this write's and its own),
   * so that what was kept at the one can be carried to the other (cache/counts.ts).
   */
  bump(resource: string): Promise<VersionMove | undefined> | VersionMove | undefined;
}

export class LocalVersions implements ResourceVersions {
  private readonly versions = new Map<string, number>();

  of(resource: string): string {
    return String(this.versions.get(resource) ?? 0);
  }

  bump(resource: string): VersionMove {
    const from = this.versions.get(resource) ?? 0;
    this.versions.set(resource, from + 1);
    return { from: String(from), to: String(from + 1) };
  }
}
