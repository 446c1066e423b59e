import { ZeroAddress } from "ethers";
import {
  ADDRESS_ENV,
  ChainConfigError,
  CHAINS,
  CONTRACT_KEYS,
  explorerAddressUrl,
  lockDaysForPid,
  MULTICALL3_ADDRESS,
  predictedLocalAddresses,
  publicChainConfig,
  resolveChainConfig,
  RPC_URLS,
  withLocalDeployment,
} from "../src";

const A1 = "0x1111111111111111111111111111111111111111";
const A2 = "0x2222222222222222222222222222222222222222";

function errorOf(fn: () => unknown): ChainConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ChainConfigError) return e;
    throw e;
  }
  throw new Error("expected a ChainConfigError");
}

describe("chain tables", () => {
  it("has the public RPC table", () => {
    expect(
      Object.keys(RPC_URLS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 56, 97, 137, 43113]);
    expect(RPC_URLS[56]).toBe("https://bsc-dataseed.binance.org");
    expect(RPC_URLS[97]).toBe("https://data-seed-prebsc-1-s1.binance.org:8545");
  });

  it("has BSC, BSC testnet and the local chain with every contract address", () => {
    expect(CHAINS[56]).toMatchObject({ chainId: 56, explorerUrl: "https://bscscan.com", rpcUrl: RPC_URLS[56] });
    expect(CHAINS[97]).toMatchObject({ chainId: 97, explorerUrl: "https://testnet.bscscan.com", rpcUrl: RPC_URLS[97] });
    expect(CHAINS[31337]).toMatchObject({ chainId: 31337, explorerUrl: null, rpcUrl: "http://127.0.0.1:8545" });
    for (const id of [56, 97, 31337] as const) {
      expect(Object.keys(CHAINS[id].contracts).sort()).toEqual([...CONTRACT_KEYS].sort());
      expect(CHAINS[id].contracts.multicall3).toBe(MULTICALL3_ADDRESS);
    }
    expect(CHAINS[56].contracts.farm).toBe(ZeroAddress);
    expect(CHAINS[31337].contracts).toEqual(predictedLocalAddresses());
  });

  it("maps pids to lock days", () => {
    expect([6, 0, 7, 10, 1, 8, 2, 3, 9, 42].map(lockDaysForPid)).toEqual([5, 90, 90, 90, 180, 180, 365, 365, 365, 365]);
    expect(lockDaysForPid(6n)).toBe(5);
  });
});

describe("resolveChainConfig", () => {
  it("defaults to the local chain on port 8545", () => {
    const resolved = resolveChainConfig({})!;
    expect(resolved.chain).toBe("local");
    expect(resolved.chainId).toBe(31337);
    expect(resolved.rpcUrl).toBe("http://127.0.0.1:8545");
    expect(resolved.local).toEqual({ port: 8545, chainId: 31337 });
    expect(resolved.contracts).toEqual(predictedLocalAddresses());
  });

  it("CHAIN=none turns chain features off", () => {
    expect(resolveChainConfig({ CHAIN: "none", FARM_ADDRESS: "bad" })).toBeNull();
  });

  it("CHAIN=bsc and bsc-testnet use their tables and start nothing", () => {
    const bsc = resolveChainConfig({ CHAIN: "bsc" })!;
    expect(bsc).toMatchObject({ chain: "bsc", chainId: 56, rpcUrl: RPC_URLS[56], explorerUrl: "https://bscscan.com", local: null });
    const testnet = resolveChainConfig({ CHAIN: "BSC-TESTNET" })!;
    expect(testnet).toMatchObject({ chain: "bsc-testnet", chainId: 97, rpcUrl: RPC_URLS[97], local: null });
    expect(Object.keys(publicChainConfig(testnet)).sort()).toEqual(["chainId", "contracts", "explorerUrl", "rpcUrl"]);
    expect(explorerAddressUrl(testnet, A1)).toBe(`https://testnet.bscscan.com/address/${A1}`);
  });

  it("every address, the RPC URL and the explorer URL can be overridden by environment", () => {
    const env: Record<string, string> = {
      CHAIN: "bsc",
      CHAIN_RPC_URL: "https://rpc.example.org/bsc/",
      CHAIN_EXPLORER_URL: "https://explorer.example.org",
    };
    CONTRACT_KEYS.forEach((key, i) => {
      env[ADDRESS_ENV[key]] = "0x" + String(i + 1).repeat(40);
    });
    env.TOKEN_ADDRESS = "0xe9e7cea3dedca5984780bafc599bd69add087d56"; // lowercase is accepted and checksummed
    const resolved = resolveChainConfig(env)!;
    expect(resolved.rpcUrl).toBe("https://rpc.example.org/bsc");
    expect(resolved.explorerUrl).toBe("https://explorer.example.org");
    expect(resolved.contracts.farm).toBe("0x1111111111111111111111111111111111111111");
    expect(resolved.contracts.multicall3).toBe("0x7777777777777777777777777777777777777777");
    expect(resolved.contracts.token).toBe("0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56");
    expect(Object.keys(ADDRESS_ENV).sort()).toEqual([...CONTRACT_KEYS].sort());
  });

  it("places the local chain by LOCAL_CHAIN_PORT and LOCAL_CHAIN_ID", () => {
    const resolved = resolveChainConfig({ CHAIN: "local", LOCAL_CHAIN_PORT: "8610", LOCAL_CHAIN_ID: "1337" })!;
    expect(resolved.local).toEqual({ port: 8610, chainId: 1337 });
    expect(resolved.chainId).toBe(1337);
    expect(resolved.rpcUrl).toBe("http://127.0.0.1:8610");
  });

  it("reports every bad value, one clear line each", () => {
    const error = errorOf(() =>
      resolveChainConfig({
        CHAIN: "local",
        FARM_ADDRESS: "0x123",
        STABLE_ADDRESS: "0xE9E7cea3dedca5984780bafc599bd69add087d56", // mixed case with a wrong checksum
        MULTICALL3_ADDRESS: "not an address",
        CHAIN_RPC_URL: "ftp://example.org",
        LOCAL_CHAIN_PORT: "99999",
      }),
    );
    expect(error.problems).toEqual([
      'LOCAL_CHAIN_PORT: "99999" is not an integer between 1 and 65535',
      'CHAIN_RPC_URL: "ftp://example.org" is not a http or https or ws or wss URL',
      expect.stringMatching(/^FARM_ADDRESS: "0x123" is not a valid address/),
      expect.stringMatching(/^STABLE_ADDRESS: .* is not a valid address/),
      expect.stringMatching(/^MULTICALL3_ADDRESS: "not an address" is not a valid address/),
    ]);
    expect(error.message).toContain("FARM_ADDRESS");
    expect(errorOf(() => resolveChainConfig({ CHAIN: "mainnet" })).problems).toEqual([
      'CHAIN: "mainnet" is not one of local, bsc, bsc-testnet, none',
    ]);
  });

  it("withLocalDeployment takes the deployed addresses and RPC URL unless the environment overrides them", () => {
    const env = { FARM_ADDRESS: A1 };
    const config = resolveChainConfig(env)!;
    const deployed = { ...predictedLocalAddresses(), farm: A2, staking: A2 };
    const merged = withLocalDeployment(config, { rpcUrl: "http://127.0.0.1:8642", chainId: 31337, contracts: deployed }, env);
    expect(merged.rpcUrl).toBe("http://127.0.0.1:8642");
    expect(merged.contracts.farm).toBe(A1);
    expect(merged.contracts.staking).toBe(A2);
  });
});
