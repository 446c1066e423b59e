import type { Config } from "../config";
import type { Logger } from "../logger";
import { DiskImageStore } from "./diskStore";
import { S3ImageStore } from "./s3Store";
import type { ImageStore } from "./store";

/** The bucket when S3_BUCKET is set (every replica sees every image), otherwise DATA_DIR/images. */
export function createImageStore(config: Config, log: Logger): ImageStore {
  return config.s3 ? new S3ImageStore(config.s3, config.maxImagePixels, log) : new DiskImageStore(config.imagesDir, config.maxImagePixels);
}
