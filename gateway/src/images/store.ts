import { createHash } from "crypto";
import { promises as fs } from "fs";
import path from "path";
import type { ImageKind } from "../resources/kit/fields";
import { sniffImage, unsafeSvgReason } from "./sniff";

export interface StagedImage {
  name: string;
  bytes: Buffer;
}

const extensionOf: Record<ImageKind, string> = { png: "png", jpg: "jpg", webp: "webp", gif: "gif", svg: "svg" };

/** The spec's wording (SPEC section 5): PNG/SVG fields say "PNG", landing fields leave GIF unsaid. */
export function describeKinds(kinds: ImageKind[]): string {
  const named = kinds.includes("svg") && kinds.length === 2 ? ["png"] : kinds.filter((k) => k !== "gif" || kinds.length > 4);
  return "Allowed Only " + named.map((k) => k.toUpperCase()).join(", ") + " File";
}

/**
 * Image files under DATA_DIR/images, named by content hash so names never
 * collide and the same picture is stored once.
 */
export class ImageStore {
  constructor(readonly dir: string) {}

  async init() {
    await fs.mkdir(this.dir, { recursive: true });
  }

  /** Checks bytes against the allowed kinds; gives the name they would be stored under, or why not. */
  check(bytes: Buffer, allowed: ImageKind[]): { image: StagedImage } | { error: string } {
    if (bytes.length === 0) return { error: "The file is empty" };
    const kind = sniffImage(bytes);
    if (!kind || !allowed.includes(kind)) return { error: describeKinds(allowed) };
    if (kind === "svg") {
      const reason = unsafeSvgReason(bytes);
      if (reason) return { error: reason };
    }
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    return { image: { name: `${hash}.${extensionOf[kind]}`, bytes } };
  }

  /** Writes staged images; returns the names of files this call created (to undo on failure). */
  async commit(images: StagedImage[]): Promise<string[]> {
    const created: string[] = [];
    try {
      for (const { name, bytes } of images) {
        const target = path.join(this.dir, name);
        if (await exists(target)) continue;
        const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
        await fs.writeFile(tmp, bytes, { flag: "wx" });
        await fs.rename(tmp, target);
        created.push(name);
      }
    } catch (e) {
      await this.discard(created);
      throw e;
    }
    return created;
  }

  async discard(names: string[]) {
    await Promise.all(names.map((n) => fs.rm(path.join(this.dir, n), { force: true })));
  }

  /** TEMP(lead): replaced by helper's probe. */
  async probe(): Promise<boolean> {
    return fs.access(this.dir, 2).then(() => true, () => false);
  }

  /** Stores a trusted file (seed content) and returns its name. */
  async saveTrusted(bytes: Buffer): Promise<string> {
    const checked = this.check(bytes, ["png", "jpg", "webp", "gif", "svg"]);
    if ("error" in checked) throw new Error(checked.error);
    await this.commit([checked.image]);
    return checked.image.name;
  }
}

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );
