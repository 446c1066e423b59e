/**
 * The listing step of `npm run migration`: a new declaration in gateway/src/resources/ is found by its name, imported
 * and appended to the list of resources/index.ts, and what is listed already stays as it is.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import { resources } from "../../src/resources";
import { findDeclarations, listedNames, withListed } from "../../src/scripts/resourceList";

const resourcesDir = path.resolve(__dirname, "../../src/resources");
const index = readFileSync(path.join(resourcesDir, "index.ts"), "utf8");

const PARTNER = `import { defineResource, PUBLIC_CONTENT } from "./kit/define";
import { field } from "./kit/fields";

export const Partner = defineResource({
  name: "Partner",
  doc: "A partner shown on the landing page.",
  fields: { name: field.string(100, { required: true }) },
  area: "content",
  policy: PUBLIC_CONTENT,
});
`;

describe("the resource list of resources/index.ts", () => {
  it("is what the tool reads: every resource, in startup order", () => {
    expect(listedNames(index)).toEqual(resources.map((resource) => resource.name));
  });

  it("finds a declaration by the name it exports, and nothing for a name no module exports", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "resources-"));
    try {
      writeFileSync(path.join(dir, "partner.ts"), PARTNER);
      writeFileSync(path.join(dir, "index.ts"), index);
      expect(findDeclarations(dir, ["Partner", "Sponsor", "Partner|x"])).toEqual([{ name: "Partner", module: "partner" }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(findDeclarations(resourcesDir, ["News", "Roadmap"])).toEqual([
      { name: "News", module: "news" },
      { name: "Roadmap", module: "roadmap" },
    ]);
  });

  it("imports a new declaration in the imports' order and appends it to the list", () => {
    const listed = withListed(index, [{ name: "Partner", module: "partner" }]);
    expect(listedNames(listed)).toEqual([...listedNames(index), "Partner"]);
    const imports = listed.split("\n").filter((line) => line.startsWith("import "));
    const partner = imports.indexOf('import { Partner } from "./partner";');
    expect(imports[partner + 1]).toBe('import { Pool } from "./pool";');
    expect(listed).toContain("  SafeConfirmation,\n  Partner,\n];\n");
    expect(listed.replace('import { Partner } from "./partner";\n', "").replace("  Partner,\n", "")).toBe(index);
  });

  it("leaves a listed resource as it is, and places an import whose path sorts last after the others", () => {
    expect(withListed(index, [{ name: "News", module: "news" }])).toBe(index);
    const listed = withListed(index, [{ name: "ZoneRule", module: "zoneRule" }]);
    expect(listed).toContain('import { WhitelistEntry } from "./whitelistEntry";\nimport { ZoneRule } from "./zoneRule";\n\n');
    expect(listedNames(listed).at(-1)).toBe("ZoneRule");
  });
});
