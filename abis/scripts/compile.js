#!/usr/bin/env node
// Compiles abis/contracts/**/*.sol with the npm solc (the JS compiler) into abis/build/:
//   artifacts.json  { solcVersion, settings, sourceHash, contracts: { Name: { sourceName, abi, bytecode, deployedBytecode } } }
//   abis.json       { Name: abi }  (plain JSON: the admin imports it directly)
// The artifacts are committed. A run whose sources, settings and compiler match the recorded sourceHash does nothing
// (pass --force to recompile anyway; --check exits 1 when the artifacts are stale).
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const crypto = require("node:crypto");

const ROOT = path.resolve(__dirname, "..");
const CONTRACTS_DIR = path.join(ROOT, "contracts");
const BUILD_DIR = path.join(ROOT, "build");
const ARTIFACTS_FILE = path.join(BUILD_DIR, "artifacts.json");
const ABIS_FILE = path.join(BUILD_DIR, "abis.json");

/** Compiler settings; BSC supports Cancun, and so does anvil. */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  metadata: { bytecodeHash: "none" },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
};

/** Every .sol file under contracts/, keyed by its path relative to contracts/ (forward slashes), sorted. */
function readSources() {
  const out = {};
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".sol")) {
        out[path.relative(CONTRACTS_DIR, full).split(path.sep).join("/")] = fs.readFileSync(full, "utf8");
      }
    }
  };
  walk(CONTRACTS_DIR);
  return out;
}

function solcVersion() {
  return require("solc").version();
}

/** Hash of the compiler version, the settings and every source: the artifacts are current when it matches. */
function computeSourceHash(sources = readSources(), version = solcVersion()) {
  const hash = crypto.createHash("sha256");
  hash.update(version).update("\0").update(JSON.stringify(SETTINGS)).update("\0");
  for (const [name, content] of Object.entries(sources)) hash.update(name).update("\0").update(content).update("\0");
  return hash.digest("hex");
}

function readArtifacts() {
  try {
    return JSON.parse(fs.readFileSync(ARTIFACTS_FILE, "utf8"));
  } catch {
    return null;
  }
}

/** Compiles the sources; returns the artifacts object (does not write). Throws with solc's messages on errors. */
function compile(sources = readSources()) {
  const solc = require("solc");
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: SETTINGS,
  };
  const findImports = (p) => ({ error: `import "${p}" not found: only files under abis/contracts/ can be imported` });
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const problems = output.errors || [];
  const errors = problems.filter((e) => e.severity === "error");
  for (const warning of problems.filter((e) => e.severity !== "error")) console.warn(warning.formattedMessage || warning.message);
  if (errors.length) {
    throw new Error("solc failed:\n" + errors.map((e) => e.formattedMessage || e.message).join("\n"));
  }
  const contracts = {};
  for (const sourceName of Object.keys(output.contracts || {}).sort()) {
    for (const [name, c] of Object.entries(output.contracts[sourceName])) {
      if (contracts[name]) throw new Error(`contract name ${name} is declared twice (${contracts[name].sourceName}, ${sourceName})`);
      contracts[name] = {
        sourceName,
        abi: c.abi,
        bytecode: c.evm.bytecode.object ? "0x" + c.evm.bytecode.object : "0x",
        deployedBytecode: c.evm.deployedBytecode.object ? "0x" + c.evm.deployedBytecode.object : "0x",
      };
    }
  }
  const sorted = Object.fromEntries(
    Object.keys(contracts)
      .sort()
      .map((k) => [k, contracts[k]]),
  );
  return { solcVersion: solc.version(), settings: SETTINGS, sourceHash: computeSourceHash(sources), contracts: sorted };
}

function write(artifacts) {
  fs.mkdirSync(BUILD_DIR, { recursive: true });
  fs.writeFileSync(ARTIFACTS_FILE, JSON.stringify(artifacts, null, 1) + "\n");
  const abis = Object.fromEntries(Object.entries(artifacts.contracts).map(([name, c]) => [name, c.abi]));
  fs.writeFileSync(ABIS_FILE, JSON.stringify(abis, null, 1) + "\n");
}

function main(argv) {
  const force = argv.includes("--force");
  const check = argv.includes("--check");
  const sources = readSources();
  const current = readArtifacts();
  const upToDate = current && current.sourceHash === computeSourceHash(sources);
  if (check) {
    if (!upToDate) {
      console.error("abis/build/artifacts.json is stale: run `npm run compile -w abis` and commit abis/build/.");
      return 1;
    }
    console.log("abis/build artifacts are up to date.");
    return 0;
  }
  if (upToDate && !force) {
    console.log("contracts unchanged: abis/build artifacts are up to date.");
    return 0;
  }
  const started = Date.now();
  const artifacts = compile(sources);
  write(artifacts);
  console.log(
    `compiled ${Object.keys(sources).length} sources (${Object.keys(artifacts.contracts).length} contracts) with solc ` +
      `${artifacts.solcVersion} in ${Date.now() - started} ms -> abis/build/`,
  );
  return 0;
}

module.exports = { SETTINGS, ARTIFACTS_FILE, ABIS_FILE, readSources, computeSourceHash, compile, readArtifacts };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
