import { defineResource } from "./kit/define";
import { ANY_IMAGE, f, PNG_SVG } from "./kit/fields";

export const homeImages = defineResource({
  name: "HomeImage",
  table: "home_images",
  doc: "The home page image.",
  fields: { imageUri: f.image(PNG_SVG, { required: true }) },
  access: { read: "public", write: "user" },
});

export const settings = defineResource({
  name: "Setting",
  table: "settings",
  doc: "A site setting: a name and its value. The name cannot change once created.",
  fields: {
    name: f.string(100, { required: true, unique: true, immutable: true, searchable: true, legacy: "Heading" }),
    value: f.text({ searchable: true, legacy: "Description" }),
  },
  access: { read: "public", write: "user" },
});

export const news = defineResource({
  name: "News",
  table: "news",
  doc: "A news item of the public site.",
  fields: {
    heading: f.string(255, { required: true, sortable: true, legacy: "Heading" }),
    description: f.text({ legacy: "Description" }),
    imageUri: f.image(ANY_IMAGE, { updateKinds: PNG_SVG }),
    visible: f.bool(true, { filterable: true, legacy: "status" }),
  },
  access: { read: "public", write: "user" },
  defaultSort: { field: "createdAt", order: "DESC" },
});

export const newsDescriptions = defineResource({
  name: "NewsDescription",
  table: "news_descriptions",
  doc: "A news story with rich text and video links.",
  fields: {
    title: f.string(255, { required: true, sortable: true, legacy: "Title" }),
    heading: f.string(255, { sortable: true, legacy: "Heading" }),
    description: f.html({ legacy: "Description" }),
    newsLink: f.url({ label: "Youtube link", legacy: "NewsLink" }),
    vimeoLink: f.url({ label: "Vimeo link", legacy: "VimeoLink" }),
    imageUri: f.image(ANY_IMAGE),
    visible: f.bool(true, { filterable: true, legacy: "status" }),
  },
  access: { read: "public", write: "user" },
  defaultSort: { field: "createdAt", order: "DESC" },
});

const n = ["", "1", "2", "3"];
export const articles = defineResource({
  name: "Article",
  table: "articles",
  doc: "A latest-articles entry: up to four rich-text blocks, each with its video links.",
  fields: {
    title: f.string(255, { required: true, sortable: true, legacy: "Title" }),
    heading: f.string(255, { sortable: true, legacy: "Heading" }),
    ...Object.fromEntries(n.map((i) => [`description${i}`, f.html({ legacy: `Description${i}` })])),
    ...Object.fromEntries(n.map((i) => [`newsLink${i}`, f.url({ label: `Youtube link ${i}`.trim(), legacy: `NewsLink${i}` })])),
    ...Object.fromEntries(n.map((i) => [`vimeoLink${i}`, f.url({ label: `Vimeo link ${i}`.trim(), legacy: `VimeoLink${i}` })])),
    imageUri: f.image(ANY_IMAGE),
    visible: f.bool(true, { filterable: true, legacy: "status" }),
  },
  access: { read: "public", write: "user" },
  defaultSort: { field: "createdAt", order: "DESC" },
});

export const articleImages = defineResource({
  name: "ArticleImage",
  table: "article_images",
  doc: "An image of one of the four latest-articles image lists (slot 1 to 4).",
  fields: {
    slot: f.int({ required: true, min: 1, max: 4, filterable: true, sortable: true }),
    imageUri: f.image(ANY_IMAGE, { required: true }),
  },
  access: { read: "public", write: "user" },
});

export const contactMessages = defineResource({
  name: "ContactMessage",
  table: "contact_messages",
  doc: "A message sent through the public contact form. Read-only.",
  fields: {
    name: f.string(255, { sortable: true, searchable: true, readOnly: true }),
    email: f.string(255, { sortable: true, searchable: true, readOnly: true, legacy: "Email" }),
    website: f.string(500, { searchable: true, readOnly: true }),
    comments: f.text({ searchable: true, readOnly: true, legacy: "Comments" }),
  },
  access: { read: "user", write: "user" },
  operations: { create: false, update: false },
  defaultSort: { field: "createdAt", order: "DESC" },
});
