import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import { loadConfig } from "../../../src/config";

describe("chain indexer configuration", () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "presale-config-")), ...env });

  it("follows the local chain at once and BNB Smart Chain 15 blocks behind, 5,000 blocks per getLogs", () => {
    expect(load({}).chainIndex).toEqual({ enabled: true, logRange: 5000, confirmations: 0, intervalMs: 1000, fromBlock: 0 });
    for (const chain of ["bsc", "bsc-testnet"])
      expect(load({ CHAIN: chain }).chainIndex).toMatchObject({ confirmations: 15, intervalMs: 5000, logRange: 5000 });
  });

  it("takes its variables", () => {
    expect(
      load({
        CHAIN: "bsc",
        CHAIN_INDEXER: "false",
        CHAIN_LOG_RANGE: "1000",
        CHAIN_CONFIRMATIONS: "20",
        CHAIN_INDEX_INTERVAL_MS: "3000",
        CHAIN_INDEX_FROM_BLOCK: "45000000",
      }).chainIndex,
    ).toEqual({ enabled: false, logRange: 1000, confirmations: 20, intervalMs: 3000, fromBlock: 45_000_000 });
  });

  it("refuses bad values, each with what it expects", () => {
    expect(() =>
      load({
        CHAIN_LOG_RANGE: "0",
        CHAIN_CONFIRMATIONS: "-1",
        CHAIN_INDEX_INTERVAL_MS: "fast",
        CHAIN_INDEX_FROM_BLOCK: "1.5",
        CHAIN_INDEXER: "maybe",
      }),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(
          /CHAIN_INDEXER must be true or false[\s\S]*CHAIN_LOG_RANGE must be a whole number between 1 and 1000000[\s\S]*CHAIN_CONFIRMATIONS must be[\s\S]*CHAIN_INDEX_INTERVAL_MS must be[\s\S]*CHAIN_INDEX_FROM_BLOCK must be/,
        ),
      }),
    );
  });
});
