import { IMAGE_FIELDS, type ImageField } from "@presale/abis";
import { defineResource, PUBLIC_CONTENT } from "./define";
import { field, titleAndHeading } from "./fields";

/** A section's image rule, by its name in @presale/abis's IMAGE_FIELDS. */
function imageFieldOf(name: string): ImageField {
  const image = (IMAGE_FIELDS as Record<string, ImageField | undefined>)[name];
  if (!image) throw new Error(`${name} has an image but no entry in IMAGE_FIELDS (@presale/abis)`);
  return image;
}

/**
 * The landing page's Title/Heading/Description sections. Each kind keeps its
 * fixed identifier (set by the server, never by the client).
 */
export function section(
  name: string,
  identifier: string,
  doc: string,
  options: { content?: boolean; image?: boolean; maxDescription?: number },
) {
  return defineResource({
    name,
    doc: `${doc} Identifier fixed to ${identifier}.`,
    fields: {
      identifier: field.constant(identifier, { filterable: true }),
      ...titleAndHeading(),
      description: field.text({ max: options.maxDescription, legacy: "Description" }),
      ...(options.content ? { content: field.text() } : {}),
      ...(options.image ? { imageUri: field.image(imageFieldOf(name)) } : {}),
    },
    area: "content",
    policy: PUBLIC_CONTENT,
    history: true,
  });
}
