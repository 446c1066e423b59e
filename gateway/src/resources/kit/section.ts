import { defineResource, PUBLIC_CONTENT } from "./define";
import { field, titleAndHeading } from "./fields";

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
      ...(options.image ? { imageUri: field.image("pngSvg") } : {}),
    },
    area: "content",
    access: PUBLIC_CONTENT,
    history: true,
  });
}
