import "reflect-metadata";
import { writeFileSync } from "fs";
import path from "path";
import { introspectionForAdmin, printedSchema } from "../graphql/schema";

/** Writes gateway/schema.graphql and the admin's copy of the schema; a test fails when either drifts from the code. */
async function main() {
  writeFileSync(path.join(__dirname, "../../schema.graphql"), await printedSchema());
  writeFileSync(path.join(__dirname, "../../../admin/src/providers/schema.json"), await introspectionForAdmin());
  console.log("wrote gateway/schema.graphql and admin/src/providers/schema.json");
}

void main();
