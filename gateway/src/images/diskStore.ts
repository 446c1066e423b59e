import { randomBytes } from "crypto";
import { promises as fs } from "fs";
import path from "path";
import { InsufficientStorageError, ServiceUnavailableError } from "../errors";
import { ensurePrivateDir } from "../files";
import type { CheckedImage } from "./check";
import { isImageName } from "./names";
import { CheckedImageStore, type StagedImage, type StoredImage, type StoredImageInfo } from "./store";

/** A checked image written under a temporary name, waiting for its record to be saved. */
export interface DiskStagedImage extends StagedImage {
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
export class DiskImageStore extends CheckedImageStore {
  constructor(
    readonly dir: string,
    maxPixels = 50_000_000,
  ) {
    super(maxPixels);
  }

  async init() {
    ensurePrivateDir(path.dirname(this.dir));
    await fs.mkdir(this.dir, { recursive: true });
  }

  /** Writes a checked image under a temporary name, so the request holds no more than one file in memory. */
  async stage(image: CheckedImage): Promise<DiskStagedImage> {
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
  async commit(images: DiskStagedImage[]): Promise<string[]> {
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
  async release(images: DiskStagedImage[]) {
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

  async stat(name: string): Promise<StoredImageInfo | null> {
    const file = this.fileOf(name);
    const stats = file ? await fs.stat(file).catch(missing) : null;
    return stats?.isFile() ? { size: stats.size, lastModified: stats.mtime } : null;
  }

  async read(name: string): Promise<StoredImage | null> {
    const file = this.fileOf(name);
    // Opened before answering, so a file removed meanwhile is a 404, not a broken stream.
    const handle = file ? await fs.open(file, "r").catch(missing) : null;
    if (!handle) return null;
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    return { size: stats.size, lastModified: stats.mtime, body: handle.createReadStream() };
  }

  /** The path of a stored image; null for names that are not image names (dot-names are staging files). */
  private fileOf(name: string): string | null {
    return isImageName(name) ? path.join(this.dir, name) : null;
  }
}

/** Not there is null; a disk that fails is the store being unavailable. */
const missing = (error: unknown): null => {
  const code = (error as { code?: string })?.code;
  if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
  throw storageError(error);
};

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );
