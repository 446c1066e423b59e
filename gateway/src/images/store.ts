import { createHash, randomBytes } from "crypto";
import { promises as fs } from "fs";
import path from "path";
import { InsufficientStorageError, ServiceUnavailableError } from "../errors";
import { ensurePrivateDir } from "../files";
import { IMAGE_RULES, type ImageKind, type ImageRule } from "@presale/abis";
import { rasterError } from "./raster";
import { sniffImage } from "./sniff";
import { sanitizeSvg } from "./svg";

const extensionOf: Record<ImageKind, string> = { png: "png", jpg: "jpg", webp: "webp", gif: "gif", svg: "svg" };

/** A checked image written under a temporary name, waiting for its record to be saved. */
export interface StagedImage {
  name: string;
  tmp: string;
}

/** What a failing disk means to the client: full (507) or unusable (503); nothing was saved either way. */
function storageError(error: unknown): unknown {
  const code = (error as { code?: string })?.code;
  if (code === "ENOSPC" || code === "EDQUOT") return new InsufficientStorageError("The images store is full; nothing was saved");
  if (code && ["EROFS", "EACCES", "EPERM", "EIO", "ENOENT", "ENOTDIR", "EISDIR", "EMFILE", "ENFILE"].includes(code)) {
    return new ServiceUnavailableError("The images store is unavailable; nothing was saved");
  }
  return error;
}

/**
 * Image files under DATA_DIR/images, named by content hash so names never
 * collide and the same picture is stored once. A file is written under a
 * temporary dot-name (never served) and renamed into place only once its
 * record can be saved, so a failure leaves nothing half-written.
 */
export class ImageStore {
  constructor(
    readonly dir: string,
    /** Largest raster accepted, in pixels (MAX_IMAGE_MEGAPIXELS). */
    private readonly maxPixels = 50_000_000,
  ) {}

  async init() {
    ensurePrivateDir(path.dirname(this.dir));
    await fs.mkdir(this.dir, { recursive: true });
  }

  /** Checks bytes against an upload rule's kinds and the limits; gives what would be stored and its name, or why not. */
  check(bytes: Buffer, rule: ImageRule): { image: { name: string; bytes: Buffer } } | { error: string } {
    if (bytes.length === 0) return { error: "The file is empty" };
    const kind = sniffImage(bytes);
    if (!kind || !IMAGE_RULES[rule].kinds.includes(kind)) return { error: IMAGE_RULES[rule].refusal };
    let stored = bytes;
    if (kind === "svg") {
      const clean = sanitizeSvg(bytes, this.maxPixels);
      if ("error" in clean) return clean;
      stored = clean.svg;
    } else {
      const error = rasterError(bytes, kind, this.maxPixels);
      if (error) return { error };
    }
    const hash = createHash("sha256").update(stored).digest("hex").slice(0, 32);
    return { image: { name: `${hash}.${extensionOf[kind]}`, bytes: stored } };
  }

  /** Writes a checked image under a temporary name, so the request holds no more than one file in memory. */
  async stage(image: { name: string; bytes: Buffer }): Promise<StagedImage> {
    const tmp = path.join(this.dir, `.${image.name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
    try {
      await fs.writeFile(tmp, image.bytes, { flag: "wx" });
    } catch (e) {
      await fs.rm(tmp, { force: true }).catch(() => undefined);
      throw storageError(e);
    }
    return { name: image.name, tmp };
  }

  /** Moves staged images into place; returns the names this call created (to undo if the record then fails). */
  async commit(images: StagedImage[]): Promise<string[]> {
    const created: string[] = [];
    try {
      for (const { name, tmp } of images) {
        const target = path.join(this.dir, name);
        if (await exists(target)) continue;
        await fs.rename(tmp, target);
        created.push(name);
      }
    } catch (e) {
      await this.discard(created);
      throw storageError(e);
    } finally {
      await this.release(images);
    }
    return created;
  }

  /** Removes what is left of staged images (all of them when the write was refused). */
  async release(images: StagedImage[]) {
    await Promise.all(images.map((i) => fs.rm(i.tmp, { force: true }).catch(() => undefined)));
  }

  async discard(names: string[]) {
    await Promise.all(names.map((n) => fs.rm(path.join(this.dir, n), { force: true }).catch(() => undefined)));
  }

  /** Whether the folder takes a write now (for /healthz). */
  async probe(): Promise<boolean> {
    const file = path.join(this.dir, `.probe.${process.pid}.${randomBytes(6).toString("hex")}`);
    try {
      await fs.writeFile(file, "");
      return true;
    } catch {
      return false;
    } finally {
      await fs.rm(file, { force: true }).catch(() => undefined);
    }
  }

  /** Stores a trusted file (seed content) and returns its name. */
  async saveTrusted(bytes: Buffer): Promise<string> {
    const checked = this.check(bytes, "any");
    if ("error" in checked) throw new Error(checked.error);
    await this.commit([await this.stage(checked.image)]);
    return checked.image.name;
  }
}

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );
