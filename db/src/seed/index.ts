import { promises as fs } from "fs";
import path from "path";
import { DataSource, EntityManager } from "typeorm";
import { seedContent } from "./content";

export { landingIdentifiers } from "./content";

/** Stores an image's bytes and returns the file name records refer to. */
export type ImageSaver = (bytes: Buffer, originalName: string) => Promise<string>;

/** Told of each seeded record, in the seeding transaction (the gateway appends its audit event). */
export type SeedListener = (tx: EntityManager, table: string, id: number) => Promise<unknown>;

/** db/images: kept outside src so the built and the source seed read the same files. */
export const seedImagesDir = path.join(__dirname, "../../images");

/**
 * Fills an empty database with the demo content. Runs once: a database that
 * already has landing blocks is left as it is.
 */
export async function seedDemoContent(ds: DataSource, saveImage: ImageSaver, onSeeded?: SeedListener): Promise<boolean> {
  const [{ n }] = await ds.query(`SELECT COUNT(*) AS n FROM landing_blocks`);
  if (Number(n) > 0) return false;
  const imageNames = new Map<string, string>();
  const image = async (file: string) => {
    if (!imageNames.has(file)) {
      imageNames.set(file, await saveImage(await fs.readFile(path.join(seedImagesDir, file)), file));
    }
    return imageNames.get(file)!;
  };
  await ds.transaction(async (tx) => {
    const base = Date.now() - 60 * 60 * 1000;
    let tick = 0;
    for (const [table, rows] of Object.entries(seedContent)) {
      for (const { image: file, ...row } of rows) {
        const at = new Date(base + 60_000 * tick++);
        const values: Record<string, unknown> = { ...row, createdAt: at, updatedAt: at };
        if (file) values.imageUri = await image(file);
        if (Array.isArray(row.blocks)) {
          const withImages = [];
          for (const { image: blockFile, ...block } of row.blocks as { image?: string }[]) {
            withImages.push(blockFile ? { ...block, imageUri: await image(blockFile) } : block);
          }
          // The entity's column transformer stores the list as JSON text.
          values.blocks = withImages;
        }
        const inserted = await tx.createQueryBuilder().insert().into(table).values(values).execute();
        await onSeeded?.(tx, table, Number(inserted.identifiers[0]?.id ?? (inserted.raw as { insertId?: number }).insertId));
      }
    }
  });
  return true;
}
