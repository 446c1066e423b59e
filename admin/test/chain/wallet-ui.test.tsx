/**
 * The wallet UI with the real web3-react connectors: the browser wallet is an
 * injected EIP-1193 provider (window.ethereum) forwarding to a real anvil.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { startLocalChain, type LocalChain } from "@presale/abis/node";
import { AdminContext, Notification } from "react-admin";
import { setChainConfig } from "../../src/chain/config";
import { ConnectButton } from "../../src/chain/ConnectButton";
import { closeReadProviders } from "../../src/chain/reads";
import { NO_WALLET_MESSAGE, resetEagerConnect, USER_WALLET_KEY, WalletProvider } from "../../src/chain/WalletProvider";
import { useWallet } from "../../src/chain/useWallet";
import { allowLocalChain, dropBrowserWallet, injectedWallet, PORT_RANGE, walletProbe } from "../support/chain";

let chain: LocalChain;

beforeAll(async () => {
  allowLocalChain();
  chain = await startLocalChain({ portRange: PORT_RANGE, seed: false });
  setChainConfig({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, explorerUrl: null, contracts: chain.contracts });
}, 120_000);

beforeEach(() => {
  allowLocalChain();
  resetEagerConnect();
});

afterEach(() => {
  delete (window as { ethereum?: unknown }).ethereum;
});

afterAll(async () => {
  dropBrowserWallet();
  closeReadProviders();
  await chain?.stop();
});

// One browser wallet for the file: the MetaMask connector keeps the provider it found for the page's life.
let browserWallet: ReturnType<typeof injectedWallet> | undefined;
function injectBrowserWallet(account: string) {
  browserWallet ??= Object.assign(injectedWallet(chain.rpcUrl, account), { on: () => {}, removeListener: () => {} });
  browserWallet.useAccount(account);
  (window as { ethereum?: unknown }).ethereum = browserWallet;
  return browserWallet;
}

function ChainLine() {
  const { chainId, onRightChain, provider } = useWallet();
  return (
    <p data-testid="chain">{chainId === null ? "none" : `${chainId} ${onRightChain ? "right" : "wrong"} ${provider ? "ethers" : ""}`}</p>
  );
}

const probe = walletProbe();

const renderWallet = (props: { eager?: boolean } = {}) =>
  render(
    <AdminContext>
      <WalletProvider saveAddressKey={USER_WALLET_KEY} {...props}>
        <ConnectButton />
        <ChainLine />
        <probe.WalletProbe />
      </WalletProvider>
      <Notification />
    </AdminContext>,
  );

it("connects the browser wallet through 'Select a Wallet', shows the short address, and disconnects with a toast", async () => {
  const user = userEvent.setup();
  injectBrowserWallet(chain.accounts[0]);
  renderWallet({ eager: false });

  const connect = await screen.findByRole("button", { name: "Connect Wallet" });
  await waitFor(() => expect(connect).toBeEnabled()); // once the chain config is in (the same button: the tree keeps its shape)
  await user.click(connect);
  const dialog = await screen.findByRole("dialog", { name: "Select a Wallet" });
  expect(within(dialog).getByText("WalletConnect")).toBeInTheDocument();
  await user.click(within(dialog).getByText("Browser wallet"));

  const button = await screen.findByRole("button", { name: "0xf39F...2266" });
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(screen.getByTestId("chain")).toHaveTextContent("31337 right ethers");
  expect(localStorage.getItem(USER_WALLET_KEY)).toBe(chain.accounts[0]);
  expect(probe.current()).toMatchObject({ account: chain.accounts[0], chainId: 31337, kind: "browser" });

  await user.click(button);
  expect(await screen.findByText("Wallet Disconnected !")).toBeInTheDocument();
  expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeInTheDocument();
  expect(localStorage.getItem(USER_WALLET_KEY)).toBeNull();
  expect(probe.current().account).toBeNull();
});

it("reconnects the browser wallet eagerly on load", async () => {
  injectBrowserWallet(chain.accounts[1]);
  renderWallet();
  expect(await screen.findByRole("button", { name: "0x7099...79C8" })).toBeInTheDocument();
  expect(probe.current().account).toBe(chain.accounts[1]);
  // leave it disconnected for the next test
  await userEvent.click(screen.getByRole("button", { name: "0x7099...79C8" }));
  expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeInTheDocument();
});

it("logs 'No Dapp Supported Wallet Found' when there is no wallet at all, and says so in the chooser", async () => {
  const log = jest.spyOn(console, "log").mockImplementation(() => {});
  renderWallet();
  await waitFor(() => expect(log).toHaveBeenCalledWith(NO_WALLET_MESSAGE));
  const connect = await screen.findByRole("button", { name: "Connect Wallet" });
  await waitFor(() => expect(connect).toBeEnabled());
  await userEvent.click(connect);
  await userEvent.click(within(await screen.findByRole("dialog")).getByText("Browser wallet"));
  expect(await screen.findByRole("alert")).toHaveTextContent(NO_WALLET_MESSAGE);
  log.mockRestore();
});
