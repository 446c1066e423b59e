import { spawnSync } from "child_process";
import { readFileSync, writeFileSync } from "fs";
import path from "path";
import { SETTING_GROUPS } from "../config";

/** The generated reference; a test fails when the file differs from what configurationDoc() renders. */
export const CONFIGURATION_DOC = path.resolve(__dirname, "../../../docs/configuration.md");

/** A table cell: pipes would end the cell, line breaks the row. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

/** docs/configuration.md from the setting groups of gateway/src/config/, formatted as `prettier --check` wants the repository's markdown. */
export function configurationDoc(): string {
  const lines = [
    "# Configuration",
    "",
    "<!-- Generated from gateway/src/config/ by `npm run docs:config`; edit the settings there, not this page. -->",
    "",
    "Everything is set by environment variable, read once at start. Every bad value is reported (each with what was",
    "expected), then the process exits with status 2. Empty counts as unset.",
    "",
  ];
  for (const group of SETTING_GROUPS) {
    lines.push(`## ${group.title}`, "");
    if (group.intro) lines.push(group.intro, "");
    lines.push("| variable | default | meaning |", "| --- | --- | --- |");
    for (const [name, setting] of Object.entries(group.settings))
      lines.push(`| \`${name}\` | ${cell(setting.shownDefault)} | ${cell(setting.description)} |`);
    lines.push("");
  }
  // Prettier's CLI in a child: its API loads ES modules, which jest's CommonJS runtime cannot.
  const prettier = spawnSync(process.execPath, [require.resolve("prettier/bin/prettier.cjs"), "--stdin-filepath", CONFIGURATION_DOC], {
    input: lines.join("\n"),
    encoding: "utf8",
    timeout: 30_000,
  });
  if (prettier.status !== 0) throw new Error(`prettier failed: ${prettier.stderr || prettier.error}`);
  return prettier.stdout;
}

function main() {
  const text = configurationDoc();
  if (process.argv.includes("--check")) {
    const current = readFileSync(CONFIGURATION_DOC, "utf8");
    if (current !== text) {
      console.error("docs/configuration.md is out of date: run npm run docs:config");
      process.exit(1);
    }
    return;
  }
  writeFileSync(CONFIGURATION_DOC, text);
  console.log("wrote docs/configuration.md");
}

if (require.main === module) main();
