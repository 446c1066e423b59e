/**
 * A version per resource, bumped by every write to it: cached answers carry
 * the version they were built from, so a write makes them unreachable at once.
 * In this process for now; the scale-out work shares it (Redis) behind the
 * same two methods.
 */
export interface ResourceVersions {
  of(resource: string): number;
  bump(resource: string): void;
}

export class LocalVersions implements ResourceVersions {
  private readonly versions = new Map<string, number>();

  of(resource: string): number {
    return this.versions.get(resource) ?? 0;
  }

  bump(resource: string): void {
    this.versions.set(resource, this.of(resource) + 1);
  }
}
