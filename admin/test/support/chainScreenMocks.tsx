/**
 * The chain layer cut at its I/O boundary for the ManageSale, Blocklist and
 * Transactions screen tests: the reads (readPresale, readBlacklisted), the
 * write (sendTransaction), the chain config and the wallet connection are
 * fakes the tests program; everything else (useChainAction and its toasts,
 * ConnectButton, amounts, errors) is the real code.
 *
 *   jest.mock("../../src/chain/reads", () => require("./chainScreenMocks").readsMock());
 *   jest.mock("../../src/chain/transactions", () => require("./chainScreenMocks").transactionsMock());
 *   jest.mock("../../src/chain/config", () => require("./chainScreenMocks").configMock());
 *   jest.mock("../../src/chain/WalletProvider", () => require("./chainScreenMocks").walletProviderMock());
 *
 * A presale owned by a Safe: `safeOwnedPresale()` programs the reads (the presale's owner is SAFE, 2 of 3 owners).
 */
import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { PresaleState } from "../../src/chain/reads";

type Reads = typeof import("../../src/chain/reads");
type Transactions = typeof import("../../src/chain/transactions");
type Config = typeof import("../../src/chain/config");
type WalletProviderModule = typeof import("../../src/chain/WalletProvider");

const hex = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

export const OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
export const OTHER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const PRESALE = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
export const TOKEN = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
export const STAKING = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";

/** A recorded ChainTransaction as the gateway holds it: sent on the local chain by the owner as admin, with no arguments, and
 * succeeded, unless `fields` say otherwise. */
export const chainTransaction = (fields: Record<string, unknown>) => ({
  chainId: 31337,
  args: "{}",
  wallet: OWNER,
  userName: "admin",
  status: "success",
  ...fields,
});

export const CONFIG = {
  chainId: 31337,
  rpcUrl: "http://127.0.0.1:8545",
  explorerUrl: null as string | null,
  contracts: {
    farm: hex(0xfa),
    pairFactory: hex(0xfb),
    presaleFactory: hex(0xfc),
    staking: STAKING,
    token: TOKEN,
    stable: hex(0xb5),
    multicall3: "0xcA11bde05977b3631167028862bE2a173976CA11",
  },
};

const E18 = 10n ** 18n;

/** A presale as readPresale answers it: the demo sale (DST, 18 decimals), closed, 200,000 DST deposited. */
export function presaleState(overrides: Partial<PresaleState> = {}): PresaleState {
  const base: PresaleState = {
    address: PRESALE,
    blockNumber: 10,
    tokenAddress: TOKEN,
    staker: STAKING,
    tokenRatePerEth: 1000n * E18,
    tokenRatePercrypto: 2n * E18,
    ethEarned: 0n,
    busdEarned: 1250n * E18,
    isWhitelist: false,
    minEthLimit: E18 / 10n,
    maxEthLimit: 10n * E18,
    busdMinEthLimit: 50n * E18,
    busdMaxEthLimit: 5000n * E18,
    hardCap: 100n * E18,
    busdHardCap: 50_000n * E18,
    intervalSeconds: 7n * 86_400n,
    owner: OWNER,
    isPresaleOpen: false,
    currentPoolId: 1n,
    iscrypto: true,
    isClaimable: false,
    startTime: 0n,
    endTime: 0n,
    tokensSold: 0n,
    tokensOwed: 0n,
    availableTokens: 200_000n * E18,
    busd: CONFIG.contracts.stable,
    bnbBalance: 0n,
    token: {
      address: TOKEN,
      name: "Demo Sale Token",
      symbol: "DST",
      decimals: 18,
      totalSupply: 100_000_000n * E18,
      balance: 200_000n * E18,
    },
    // Owned by an account, not a Safe.
    ownerSafe: null,
  };
  return { ...base, ...overrides };
}

/** A mined receipt. */
export const receipt = (blockNumber = 42) => ({ hash: "0x" + "ab".repeat(32), blockNumber, status: 1, logs: [] });

/** What the tests program; reset before each test. */
export const fakeChain = {
  /** The account the wallet connects (or is connected with, when `connected`). */
  account: OWNER as string,
  connected: true,
  config: CONFIG as typeof CONFIG | null,
  readPresale: jest.fn(),
  readBlacklisted: jest.fn(),
  /** Multicall3 reads of many contracts (LaunchPad progress, whitelist state): undefined answers unless programmed. */
  readMany: jest.fn(),
  sendTransaction: jest.fn(),
  /** The dry run of a Safe proposal (eth_call from the Safe): resolves with a gas estimate unless programmed. */
  dryRun: jest.fn(),
  /** The connected wallet's EIP-1193 provider: chain id, accounts, and eth_signTypedData_v4 (a fixed signature). */
  provider: { request: jest.fn() },
  reset() {
    this.account = OWNER;
    this.connected = true;
    this.config = { ...CONFIG };
    this.dryRun.mockReset().mockImplementation(async () => 50_000n);
    this.provider.request.mockReset().mockImplementation(async ({ method }: { method: string }) => {
      if (method === "eth_chainId") return `0x${CONFIG.chainId.toString(16)}`;
      if (method === "eth_accounts") return [this.account];
      if (method === "eth_signTypedData_v4") return `0x${"11".repeat(64)}1b`;
      return null;
    });
    this.readPresale.mockReset().mockImplementation(async () => presaleState());
    this.readBlacklisted.mockReset().mockImplementation(async (addresses: string[]) => new Map(addresses.map((a) => [a, true])));
    this.readMany.mockReset().mockImplementation(async (calls: unknown[]) => calls.map(() => undefined));
    this.sendTransaction.mockReset().mockImplementation(async () => receipt());
  },
  /** The functions sent, in order ('Presale.startPresale', ...). */
  sent(): string[] {
    return this.sendTransaction.mock.calls.map(([req]: [{ contract: string; fn: string }]) => `${req.contract}.${req.fn}`);
  },
};

/** The real module at `path` (relative to this file) with some of its exports replaced by the fakes. */
const realWith = <Module extends object>(path: string, fakes: Partial<Module>): Module => ({
  ...jest.requireActual<Module>(path),
  ...fakes,
});

export const readsMock = () =>
  realWith<Reads>("../../src/chain/reads", {
    readPresale: (...args) => fakeChain.readPresale(...args),
    readBlacklisted: (...args) => fakeChain.readBlacklisted(...args),
    readMany: (...args) => fakeChain.readMany(...args),
    dryRun: (...args) => fakeChain.dryRun(...args),
  });

export const transactionsMock = () =>
  realWith<Transactions>("../../src/chain/transactions", { sendTransaction: (...args) => fakeChain.sendTransaction(...args) });

export function configMock(): Config {
  return realWith<Config>("../../src/chain/config", {
    getChainConfig: async () => fakeChain.config,
    requireChainConfig: async () => {
      if (!fakeChain.config) throw new Error("Chain features are turned off on this server (CHAIN=none)");
      return fakeChain.config;
    },
  });
}

/**
 * The wallet module with a fake connection, given through the real
 * WalletContext: the real useWallet and ConnectButton read it.
 */
export function walletProviderMock(): WalletProviderModule {
  const { WalletContext } = jest.requireActual<typeof import("../../src/chain/WalletContext")>("../../src/chain/WalletContext");
  function FakeWalletProvider({ children, saveAddressKey }: { children: ReactNode; saveAddressKey?: string }) {
    const [account, setAccount] = useState<string | null>(fakeChain.connected ? fakeChain.account : null);
    const config = fakeChain.config;
    useEffect(() => {
      if (saveAddressKey && account) localStorage.setItem(saveAddressKey, account);
    }, [saveAddressKey, account]);
    const value = useMemo(
      () => ({
        status: (config ? "ready" : "off") as "ready" | "off",
        config,
        account,
        chainId: account ? CONFIG.chainId : null,
        kind: account ? ("browser" as const) : null,
        isActive: !!account,
        isActivating: false,
        onRightChain: !!account,
        provider: null,
        eip1193: account ? fakeChain.provider : null,
        hasBrowserWallet: true,
        error: null,
        connect: async () => {
          setAccount(fakeChain.account);
          return true;
        },
        disconnect: async () => {
          setAccount(null);
          if (saveAddressKey) localStorage.removeItem(saveAddressKey);
        },
        ensureChain: async () => CONFIG.chainId,
        chooserOpen: false,
        // No chooser here: 'Connect Wallet' connects the browser wallet at once.
        openChooser: () => setAccount(fakeChain.account),
        closeChooser: () => {},
        reconnected: Promise.resolve(),
        requestWallet: async () => {
          setAccount(fakeChain.account);
          return { account: fakeChain.account, provider: fakeChain.provider };
        },
      }),
      [account, config, saveAddressKey],
    );
    return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
  }
  return {
    LAST_WALLET_KEY: "chainWallet",
    USER_WALLET_KEY: "userwallet",
    NO_WALLET_MESSAGE: "No Dapp Supported Wallet Found",
    WalletProvider: FakeWalletProvider,
    resetEagerConnect: () => {},
  } as unknown as WalletProviderModule;
}

/** The 2-of-3 Safe that owns a presale in the Safe tests: owners OWNER, OTHER and THIRD. */
export const SAFE = "0x7a1b2E1fD0C1f3a9e1C6c8f1a2BC3D4E5f607182";
export const THIRD = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
export const STRANGER = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
export const SAFE_OWNERS = [OWNER, OTHER, THIRD];

/** The presale is owned by SAFE (nonce `nonce`): readPresale says so, and readMany answers the owner and Safe reads. */
export function safeOwnedPresale(nonce = 3) {
  const ownerSafe = { address: SAFE, owners: SAFE_OWNERS, threshold: 2, nonce };
  fakeChain.readPresale.mockImplementation(async () => presaleState({ owner: SAFE, ownerSafe }));
  fakeChain.readMany.mockImplementation(async (calls: { address: string; fn: string }[]) =>
    calls.map((c) => {
      if (c.fn === "owner") return SAFE;
      if (c.address.toLowerCase() !== SAFE.toLowerCase()) return undefined;
      return { getThreshold: 2n, getOwners: SAFE_OWNERS, nonce: BigInt(nonce) }[c.fn];
    }),
  );
  return ownerSafe;
}
