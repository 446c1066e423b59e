/** The local chain's Safe and the pure SafeTx helpers, checked against the deployed Safe 1.4.1 on anvil. */
import { getAddress, parseEther, Wallet, ZeroAddress } from "ethers";
import {
  createSafe,
  DEMO_PRESALE,
  getContract,
  listPresalesCreated,
  MalformedSignatureError,
  packSignatures,
  recoverSafeSigner,
  SAFE_DEMO_TOKEN,
  SAFE_TX_TYPES,
  safeContract,
  safeDomain,
  safeTx,
  safeTxArgs,
  safeTxHash,
  safeTypedData,
  type SafeTx,
} from "../src/node";
import { mined } from "../src/receipts";
import { useChain } from "./helpers";

const testChain = useChain();

/** anvil signs eth_signTypedData_v4 for its unlocked accounts, as MetaMask does for the admin. */
async function sign(index: number, safe: string, tx: SafeTx) {
  const signer = await testChain.chain.signer(index);
  return {
    owner: await signer.getAddress(),
    signature: await signer.signTypedData(safeDomain(testChain.chain.chainId, safe), SAFE_TX_TYPES, tx),
  };
}

async function nextTx(safe: string, data: string, to: string) {
  return safeTx({ to, data, nonce: await safeContract(safe, testChain.chain.provider).nonce() });
}

describe("the local chain's Safe", () => {
  it("is a 2-of-3 Safe of accounts 0, 1, 2 owning the second demo presale; the first stays account 0's", async () => {
    const { chain } = testChain;
    const safe = safeContract(chain.safe, chain.provider);
    expect(await safe.VERSION()).toBe("1.4.1");
    expect([...(await safe.getOwners())].map((o: string) => getAddress(o)).sort()).toEqual(chain.accounts.slice(0, 3).sort());
    expect(await safe.getThreshold()).toBe(2n);
    for (const address of Object.values(chain.safeContracts)) expect(await chain.provider.getCode(address)).not.toBe("0x");

    const second = chain.safePresale!;
    expect(second).toMatchObject({
      owner: chain.safe,
      tokenSymbol: SAFE_DEMO_TOKEN.symbol,
      hardCap: DEMO_PRESALE.hardCap,
      staker: ZeroAddress,
    });
    expect(chain.demoPresale!.owner).toBe(chain.accounts[0]);
    const token = getContract("SaleToken", second.tokenAddress, chain.provider);
    expect(await token.balanceOf(second.presaleAddress)).toBe(second.deposited);

    // Recorded by the factory like the first, so the gateway imports both into LaunchPad.
    const created = await listPresalesCreated(chain.provider, chain.contracts.presaleFactory);
    expect(created.map((c) => c.presaleAddress)).toEqual([chain.demoPresale!.presaleAddress, second.presaleAddress]);
    const factory = getContract("PresaleFactory", chain.contracts.presaleFactory, chain.provider);
    expect(await factory.getPresale(chain.contracts.token)).toBe(chain.demoPresale!.presaleAddress);
  });
});

describe("SafeTx helpers", () => {
  it("hash a transaction as the Safe's getTransactionHash does", async () => {
    const { chain } = testChain;
    const presale = getContract("Presale", chain.safePresale!.presaleAddress);
    const tx = safeTx({
      to: presale.target as string,
      data: presale.interface.encodeFunctionData("setHardCap", [parseEther("150")]),
      nonce: 7,
    });
    const onChain = await safeContract(chain.safe, chain.provider).getTransactionHash(...safeTxArgs(tx), tx.nonce);
    expect(safeTxHash(chain.chainId, chain.safe, tx)).toBe(onChain);
    // Another chain id or another Safe is another hash: a signature cannot be replayed there.
    expect(safeTxHash(1, chain.safe, tx)).not.toBe(onChain);
    expect(safeTxHash(chain.chainId, chain.accounts[5], tx)).not.toBe(onChain);
  });

  it("recover the owners from their typed-data signatures; packed in owner order, they execute", async () => {
    const { chain } = testChain;
    const presaleAddress = chain.safePresale!.presaleAddress;
    const presale = getContract("Presale", presaleAddress, chain.provider);
    const tx = await nextTx(chain.safe, presale.interface.encodeFunctionData("setBUSDHardCap", [parseEther("500")]), presaleAddress);
    const hash = safeTxHash(chain.chainId, chain.safe, tx);
    const signatures = [await sign(2, chain.safe, tx), await sign(0, chain.safe, tx)];
    for (const signed of signatures) expect(recoverSafeSigner(hash, signed.signature)).toBe(signed.owner);

    const packed = packSignatures(signatures);
    expect(packed).toBe(packSignatures([...signatures].reverse()));
    expect(packed.length).toBe(2 + 130 * 2);
    const lowest = [chain.accounts[0], chain.accounts[2]].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))[0];
    expect(recoverSafeSigner(hash, "0x" + packed.slice(2, 132))).toBe(lowest);

    // Any account may send it (here account 5, not an owner): the signatures are the authority.
    const safe = safeContract(chain.safe, await chain.signer(5));
    const args = [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, packed];
    const receipt = await mined(safe.execTransaction(...args));
    const success = receipt.logs.map((l) => safe.interface.parseLog(l)).find((l) => l?.name === "ExecutionSuccess");
    expect(success?.args.txHash).toBe(hash);
    expect(await presale.BUSDhardCap()).toBe(parseEther("500"));
    expect(await safe.nonce()).toBe(tx.nonce + 1n);
  });

  it("give a wallet's eth_signTypedData_v4 the JSON whose signature recovers to the signing owner", async () => {
    const { chain } = testChain;
    const tx = await nextTx(chain.safe, "0x", chain.safe);
    const signature = (await chain.provider.send("eth_signTypedData_v4", [
      chain.accounts[1],
      JSON.stringify(safeTypedData(chain.chainId, chain.safe, tx)),
    ])) as string;
    expect(recoverSafeSigner(safeTxHash(chain.chainId, chain.safe, tx), signature)).toBe(chain.accounts[1]);
  });

  it("refuse malformed signatures and recover another address for another chain's signature", async () => {
    const { chain } = testChain;
    const tx = await nextTx(chain.safe, "0x", chain.safe);
    const hash = safeTxHash(chain.chainId, chain.safe, tx);
    for (const bad of ["0x", "0x1234", "nothex", "0x" + "11".repeat(64) + "00", "0x" + "11".repeat(64) + "1f"]) {
      expect(() => recoverSafeSigner(hash, bad)).toThrow(MalformedSignatureError);
    }
    const wallet = Wallet.createRandom();
    const elsewhere = await wallet.signTypedData(safeDomain(1, chain.safe), SAFE_TX_TYPES, tx);
    expect(recoverSafeSigner(hash, elsewhere)).not.toBe(wallet.address);
    expect(recoverSafeSigner(safeTxHash(1, chain.safe, tx), elsewhere)).toBe(wallet.address);
  });

  it("create any Safe through the proxy factory", async () => {
    const { chain } = testChain;
    const owners = chain.accounts.slice(3, 6);
    const address = await createSafe(await chain.signer(0), chain.safeContracts, owners, 3, 42n);
    const safe = safeContract(address, chain.provider);
    expect(await safe.getThreshold()).toBe(3n);
    expect(await safe.nonce()).toBe(0n);
    expect([...(await safe.getOwners())].map((o: string) => getAddress(o))).toEqual(owners);
  });
});
