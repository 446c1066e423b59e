import { defineResource } from "./define";
import { f, PNG_SVG } from "./fields";

/**
 * The landing page's Title/Heading/Description sections. Each kind keeps its
 * fixed identifier (set by the server, never by the client).
 */
export function section(name: string, table: string, identifier: string, doc: string, o: { content?: boolean; image?: boolean; maxDescription?: number }) {
  return defineResource({
    name,
    table,
    doc: `${doc} Identifier fixed to ${identifier}.`,
    fields: {
      identifier: f.constant(identifier, { filterable: true }),
      title: f.string(255, { required: true, sortable: true, legacy: "Title" }),
      heading: f.string(255, { sortable: true, legacy: "Heading" }),
      description: f.text({ max: o.maxDescription, legacy: "Description" }),
      ...(o.content ? { content: f.text() } : {}),
      ...(o.image ? { imageUri: f.image(PNG_SVG) } : {}),
    },
    access: { read: "public", write: "user" },
  });
}
