import "reflect-metadata";
import { writeFileSync } from "fs";
import path from "path";
import { printedSchema } from "../graphql/schema";

/** Writes gateway/schema.graphql; a test fails when the committed file drifts from the code. */
printedSchema().then((sdl) => {
  writeFileSync(path.join(__dirname, "../../schema.graphql"), sdl);
  console.log("wrote gateway/schema.graphql");
});
