import { IMAGE_FIELDS } from "@presale/abis";
import { defineResource, PUBLIC_CONTENT, WriteContext } from "./kit/define";
import { field } from "./kit/fields";
import { isUploadedFile } from "./kit/uploads";
import type { ContentBlock } from "./kit/validate";

/** `blockFiles[i]` replaces the image of content block i (the legacy files0, files1, ...). */
async function blockImages(write: WriteContext) {
  const files = write.input.blockFiles;
  if (files === undefined || files === null) return;
  if (!Array.isArray(files)) {
    write.errors.blockFiles = "Block images must be a list of files";
    return;
  }
  const blocks: ContentBlock[] = ((write.values.blocks ?? write.existing?.blocks ?? []) as ContentBlock[]).map((b) => ({ ...b }));
  for (const [i, file] of files.entries()) {
    if (file === undefined || file === null) continue;
    if (!isUploadedFile(file)) {
      write.errors.blockFiles = `Block image ${i + 1} must be a file upload`;
      continue;
    }
    if (i >= blocks.length) {
      write.errors.blockFiles = `There is no content block ${i + 1} for this image`;
      continue;
    }
    const name = await write.stageImage(`blockFiles.${i}`, file, "landingBlock");
    if (name) blocks[i].imageUri = name;
  }
  write.values.blocks = blocks;
}

export const LandingBlock = defineResource({
  name: "LandingBlock",
  doc: "A block of the public landing page, shown when visible.",
  fields: {
    identifier: field.string(64, { required: true, unique: true, immutable: true, legacy: "Identifier" }),
    pageName: field.string(100, { filterable: true, sortable: true, legacy: "PageName" }),
    title: field.string(255, { sortable: true, legacy: "Title" }),
    description: field.text({ legacy: "Description" }),
    blocks: field.blocks({ legacy: "ContentArray" }),
    imageUri: field.image(IMAGE_FIELDS.LandingBlock, { legacy: "ImageURI" }),
    visible: field.bool(true, { filterable: true, legacy: "Status" }),
  },
  area: "content",
  policy: PUBLIC_CONTENT,
  history: true,
  extraArgs: {
    blockFiles: { type: "uploads", doc: "Images for content blocks by index (JPG, WEBP, PNG or GIF)", legacy: "files" },
  },
  hooks: { beforeWrite: blockImages },
});
