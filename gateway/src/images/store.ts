import type { Readable } from "stream";
import type { ImageRule } from "@presale/abis";
import { checkImage, type CheckedImage } from "./check";

/** A checked image held until its record is saved; each store keeps what it needs with the name. */
export interface StagedImage {
  readonly name: string;
}

/** What serving an image needs to know before sending it. */
export interface StoredImageInfo {
  size: number;
  /** A validator for If-None-Match, quoted; absent when the store gives none. */
  etag?: string;
  lastModified?: Date;
}

/** A stored image opened for reading: its metadata and its bytes. */
export interface StoredImage extends StoredImageInfo {
  body: Readable;
}

/**
 * Where images live: the disk of this process (DiskImageStore) or an
 * S3-compatible bucket shared by every replica (S3ImageStore). An upload is
 * checked, staged (nothing visible yet), committed once its record can be
 * written, and the names a commit created are discarded if the record then
 * fails, so a refused or failed write leaves no image behind.
 */
export interface ImageStore {
  /** Prepares the store (creates the folder); the S3 store expects its bucket to exist. */
  init(): Promise<void>;
  check(bytes: Buffer, rule: ImageRule): { image: CheckedImage } | { error: string };
  stage(image: CheckedImage): Promise<StagedImage>;
  /** Makes staged images visible; returns the names this call created (to undo if the record then fails). */
  commit(images: StagedImage[]): Promise<string[]>;
  /** Drops what is left of staged images (all of them when the write was refused). */
  release(images: StagedImage[]): Promise<void>;
  /** Removes images by name (what a commit created, when its record failed). */
  discard(names: string[]): Promise<void>;
  /** Whether the store answers now (for /healthz). */
  probe(): Promise<boolean>;
  /** Stores a trusted file (seed content) and returns its name. */
  saveTrusted(bytes: Buffer): Promise<string>;
  /** An image's metadata, or null when there is none by that name. */
  stat(name: string): Promise<StoredImageInfo | null>;
  /** An image's metadata and bytes, or null when there is none by that name. */
  read(name: string): Promise<StoredImage | null>;
  /** Lets go of connections (the S3 client's sockets). */
  close(): Promise<void>;
}

/** What both stores share: the checks (sniffing, SVG sanitising, pixel limits) and seeding through them. */
export abstract class CheckedImageStore implements ImageStore {
  constructor(
    /** Largest raster accepted, in pixels (MAX_IMAGE_MEGAPIXELS). */
    protected readonly maxPixels: number,
  ) {}

  abstract init(): Promise<void>;
  abstract stage(image: CheckedImage): Promise<StagedImage>;
  abstract commit(images: StagedImage[]): Promise<string[]>;
  abstract release(images: StagedImage[]): Promise<void>;
  abstract discard(names: string[]): Promise<void>;
  abstract probe(): Promise<boolean>;
  abstract stat(name: string): Promise<StoredImageInfo | null>;
  abstract read(name: string): Promise<StoredImage | null>;

  async close() {}

  check(bytes: Buffer, rule: ImageRule) {
    return checkImage(bytes, rule, this.maxPixels);
  }

  async saveTrusted(bytes: Buffer): Promise<string> {
    const checked = this.check(bytes, "any");
    if ("error" in checked) throw new Error(checked.error);
    const staged = await this.stage(checked.image);
    try {
      await this.commit([staged]);
    } finally {
      await this.release([staged]);
    }
    return checked.image.name;
  }
}
