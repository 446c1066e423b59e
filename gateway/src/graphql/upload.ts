import type { GraphQLScalarType } from "graphql";
import type { RequestHandler } from "express";

/*
 * graphql-upload 17 ships ES modules only; Node 20.19+ loads them from this
 * CommonJS build through require(esm). The namespace's default export is the value.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
export const GraphQLUpload: GraphQLScalarType = require("graphql-upload/GraphQLUpload.mjs").default;

export const graphqlUploadExpress: (options: { maxFileSize: number; maxFiles: number }) => RequestHandler =
  require("graphql-upload/graphqlUploadExpress.mjs").default;
/* eslint-enable @typescript-eslint/no-require-imports */
