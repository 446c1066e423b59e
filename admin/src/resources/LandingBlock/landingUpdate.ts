import type { RaRecord } from "react-admin";
import { imageUrl } from "../../config";
import { isFileValue } from "../../providers/mutationData";

interface Block {
  title?: string | null;
  description?: string | null;
  imageUri?: string | null;
}

/** Whether block `index` can get a new image: the upload list cannot skip an earlier block without one. */
export const blockImageReachable = (blocks: Block[], index: number) => blocks.slice(0, index).every((b) => !!b?.imageUri);

async function existingImageAsFile(name: string): Promise<File> {
  const res = await fetch(imageUrl(name)!);
  const blob = await res.blob();
  return new File([blob], name, { type: blob.type });
}

/**
 * The update of a landing block: the block list (title, description, image
 * name) and `blockFiles`, one image per block index. The gateway's list takes
 * no gaps, so a block before the last changed one that keeps its image sends
 * that image again (same content, same stored name).
 */
export async function landingUpdate(data: RaRecord): Promise<RaRecord> {
  const blocks: Block[] = ((data.blocks ?? []) as Block[]).map((b) => ({
    title: b?.title ?? null,
    description: b?.description ?? null,
    imageUri: b?.imageUri ?? null,
  }));
  const chosen: unknown[] = Array.isArray(data.blockFiles) ? data.blockFiles : [];
  const last = chosen.reduce<number>((acc, v, i) => (isFileValue(v) ? i : acc), -1);
  const blockFiles: unknown[] = [];
  for (let i = 0; i <= last; i++) {
    const file = chosen[i];
    if (isFileValue(file)) blockFiles.push(file);
    else if (blocks[i]?.imageUri) blockFiles.push(await existingImageAsFile(blocks[i].imageUri!));
  }
  return {
    id: data.id,
    identifier: data.identifier,
    title: data.title ?? null,
    description: data.description ?? null,
    blocks,
    ...(isFileValue(data.file) ? { file: data.file } : {}),
    ...(blockFiles.length ? { blockFiles } : {}),
  };
}
