import { mkdirSync } from "fs";

/**
 * Creates a folder only the product's user can enter (DATA_DIR holds the
 * database, the JWT secret and the images). A folder that already exists keeps
 * the mode its owner gave it.
 */
export function ensurePrivateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}
