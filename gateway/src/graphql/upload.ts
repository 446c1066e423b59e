import type { GraphQLScalarType } from "graphql";
import type { RequestHandler } from "express";

/*
 * graphql-upload 17 ships ES modules only; Node 20.19+ loads them from this
 * CommonJS build through require(esm). The namespace's default export is the value.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const esm = (path: string) => require(path).default;

export const GraphQLUpload: GraphQLScalarType = esm("graphql-upload/GraphQLUpload.mjs");

export const graphqlUploadExpress: (options: { maxFileSize: number; maxFiles: number }) => RequestHandler = esm(
  "graphql-upload/graphqlUploadExpress.mjs",
);
