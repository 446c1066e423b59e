/**
 * The chain layer (admin/src/chain) replaced at its module boundary for
 * screen tests: a wallet whose 'Select a Wallet' chooser connects a fixed
 * account, and jest mocks for the reads, sendTransaction and Safe proposals. Pure helpers
 * (amounts, addresses, errors, ABIs) stay the real ones.
 *
 *   jest.mock("../../src/chain", () => require("./chainMock").chainModuleMock());
 *   import { chainMock } from "./chainMock";
 */
import { Button, Dialog, DialogContent, DialogTitle } from "@mui/material";
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from "react";

type ChainModule = typeof import("../../src/chain");

const hex = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

export const CONFIG = {
  chainId: 31337,
  rpcUrl: "http://127.0.0.1:8545",
  explorerUrl: null,
  contracts: {
    farm: hex(0xfa),
    pairFactory: hex(0xfb),
    presaleFactory: hex(0xfc),
    staking: hex(0x5a),
    token: hex(0x70),
    stable: hex(0xb5),
    multicall3: "0xcA11bde05977b3631167028862bE2a173976CA11",
  },
};

export const OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
export const OTHER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** The fakes a test programs; reset before each test. */
export const chainMock = {
  /** The account the chooser's 'Browser wallet' connects. */
  account: OWNER,
  /** Connected before the screen opens (eager reconnect). */
  connected: false,
  provider: { request: jest.fn() },
  readToken: jest.fn(),
  readOne: jest.fn(),
  readMany: jest.fn(),
  sendTransaction: jest.fn(),
  proposeSafeTransaction: jest.fn(),
  requireChainConfig: jest.fn(async () => CONFIG),
  reset() {
    this.account = OWNER;
    this.connected = false;
    for (const fn of [
      this.readToken,
      this.readOne,
      this.readMany,
      this.sendTransaction,
      this.proposeSafeTransaction,
      this.provider.request,
    ])
      fn.mockReset();
    this.requireChainConfig.mockReset().mockImplementation(async () => CONFIG);
  },
};

interface FakeWallet {
  status: "ready";
  config: typeof CONFIG;
  account: string | null;
  eip1193: typeof chainMock.provider | null;
  chainId: number | null;
  isActive: boolean;
  isActivating: boolean;
  error: string | null;
  chooserOpen: boolean;
  openChooser(): void;
  closeChooser(): void;
  connect(): Promise<boolean>;
  disconnect(): Promise<void>;
  reconnected: Promise<void>;
  requestWallet(): Promise<{ account: string; provider: typeof chainMock.provider }>;
}

type WalletRequest = { resolve(wallet: { account: string; provider: typeof chainMock.provider }): void; reject(error: unknown): void };

const WalletContext = createContext<FakeWallet | null>(null);

function FakeWalletProvider({ children }: { children: ReactNode }) {
  const [account, setAccount] = useState<string | null>(chainMock.connected ? chainMock.account : null);
  const [chooserOpen, setChooserOpen] = useState(false);
  // Like the real provider: a request for a wallet waits for the chooser, which settles it.
  const request = useRef<WalletRequest | null>(null);
  // Like the real provider's eager reconnect, it settles once the chain config has been fetched.
  const [reconnected] = useState(() => chainMock.requireChainConfig().then(() => {}));
  const settle = (fn: (waiting: WalletRequest) => void) => {
    const waiting = request.current;
    request.current = null;
    if (waiting) fn(waiting);
  };
  const value = useMemo<FakeWallet>(
    () => ({
      status: "ready",
      config: CONFIG,
      account,
      eip1193: account ? chainMock.provider : null,
      chainId: account ? CONFIG.chainId : null,
      isActive: !!account,
      isActivating: false,
      error: null,
      chooserOpen,
      openChooser: () => setChooserOpen(true),
      closeChooser: () => {
        setChooserOpen(false);
        const { ChainError } = jest.requireActual<ChainModule>("../../src/chain");
        settle((waiting) => waiting.reject(new ChainError("no-wallet", "Please connect your wallet")));
      },
      connect: async () => {
        setAccount(chainMock.account);
        setChooserOpen(false);
        settle((waiting) => waiting.resolve({ account: chainMock.account, provider: chainMock.provider }));
        return true;
      },
      disconnect: async () => setAccount(null),
      reconnected,
      requestWallet: async () => {
        await reconnected;
        if (account) return { account, provider: chainMock.provider };
        return new Promise((resolve, reject) => {
          request.current = { resolve, reject };
          setChooserOpen(true);
        });
      },
    }),
    [account, chooserOpen, reconnected],
  );
  return (
    <WalletContext.Provider value={value}>
      {children}
      <Dialog open={chooserOpen} onClose={value.closeChooser} aria-labelledby="fake-chooser">
        <DialogTitle id="fake-chooser">Select a Wallet</DialogTitle>
        <DialogContent>
          <Button onClick={() => value.connect()}>Browser wallet</Button>
        </DialogContent>
      </Dialog>
    </WalletContext.Provider>
  );
}

function useFakeWallet() {
  const value = useContext(WalletContext);
  if (!value) throw new Error("useWallet() needs a <WalletProvider> around it");
  return value;
}

function FakeConnectButton() {
  const { account, openChooser } = useFakeWallet();
  return <Button onClick={openChooser}>{account ? `${account.slice(0, 6)}...${account.slice(-4)}` : "Connect Wallet"}</Button>;
}

/** The module that replaces admin/src/chain. */
export function chainModuleMock(): ChainModule {
  const actual = jest.requireActual<ChainModule>("../../src/chain");
  return {
    ...actual,
    WalletProvider: FakeWalletProvider as unknown as ChainModule["WalletProvider"],
    useWallet: useFakeWallet as unknown as ChainModule["useWallet"],
    ConnectButton: FakeConnectButton as unknown as ChainModule["ConnectButton"],
    readToken: (...args: unknown[]) => chainMock.readToken(...args),
    readOne: (...args: unknown[]) => chainMock.readOne(...args),
    readMany: (...args: unknown[]) => chainMock.readMany(...args),
    sendTransaction: (...args: unknown[]) => chainMock.sendTransaction(...args),
    proposeSafeTransaction: (...args: unknown[]) => chainMock.proposeSafeTransaction(...args),
    requireChainConfig: () => chainMock.requireChainConfig(),
    getChainConfig: () => chainMock.requireChainConfig(),
  } as ChainModule;
}

/** A mined receipt with the given logs. */
export const receipt = (logs: { address: string; topics: string[]; data: string }[] = [], blockNumber = 42) => ({
  hash: "0x" + "ab".repeat(32),
  blockNumber,
  status: 1,
  logs,
});
