import { deployed as deployedContract, getContract, getContractFactory, mined, receiptWithin } from "@presale/abis/node";
import { getAddress, parseUnits } from "ethers";
import { startTestApp, TestApp } from "../support/testApp";

/**
 * A mined setTokenAddress brings the presale's LaunchPad
 * record in step, the gateway reading the transaction and the presale from the
 * chain (the client only gives the hash).
 */
describe("setTokenAddress on a local anvil", () => {
  let app: TestApp;
  let token: string;
  let presaleAddress: string;
  beforeAll(async () => {
    app = await startTestApp({ chain: true });
    token = await app.adminToken();
    await app.gql(`mutation { reconcileLaunchPads }`, {}, token);
    presaleAddress = app.services.chain.localChain!.demoPresale!.presaleAddress;
  }, 60_000);
  afterAll(() => app.close());

  const launchPad = async () =>
    (
      await app.gql(
        `query($p: String) { allLaunchPads(filter: { presaleAddress: $p }) { presaleAddress tokenAddress tokenName tokenSymbol tokenDecimal priceTokenCrypto hardCap } }`,
        { p: presaleAddress },
      )
    ).body.data.allLaunchPads[0];
  const record = async (hash: string) => {
    const res = await app.gql(`mutation($h: String!) { recordChainTransaction(hash: $h) { functionName status } }`, { h: hash }, token);
    expect(res.body.errors).toBeUndefined();
    return res.body.data.recordChainTransaction;
  };
  const deployToken = async (name: string, symbol: string, decimals: number) => {
    const local = app.services.chain.localChain!;
    const deployed = await getContractFactory("SaleToken", await local.signer(0)).deploy(
      name,
      symbol,
      decimals,
      parseUnits("1000", decimals),
    );
    await deployedContract(deployed);
    return getAddress(await deployed.getAddress());
  };
  const setToken = async (address: string) => {
    const local = app.services.chain.localChain!;
    const tx = await getContract("Presale", presaleAddress, await local.signer(0)).setTokenAddress(address);
    await mined(tx);
    return tx.hash as string;
  };

  it("updates the record's token address, name, symbol and decimals from the mined transaction, and nothing else", async () => {
    const before = await launchPad();
    const other = await deployToken("Other Token", "OTH", 6);
    const hash = await setToken(other);
    // Mined, not yet recorded: the record still shows the old token.
    expect((await launchPad()).tokenAddress).toBe(before.tokenAddress);
    expect(await record(hash)).toEqual({ functionName: "setTokenAddress", status: "success" });
    expect(await launchPad()).toEqual({
      ...before,
      tokenAddress: other,
      tokenName: "Other Token",
      tokenSymbol: "OTH",
      tokenDecimal: 6,
    });
  });

  it("follows the chain's current token, so a transaction recorded late does not roll the record back", async () => {
    const first = await deployToken("First Late", "FL1", 18);
    const second = await deployToken("Second Late", "FL2", 9);
    const older = await setToken(first);
    const newer = await setToken(second);
    await record(newer);
    expect((await launchPad()).tokenAddress).toBe(second);
    await record(older);
    expect(await launchPad()).toMatchObject({ tokenAddress: second, tokenSymbol: "FL2", tokenDecimal: 9 });
  });

  it("leaves the record alone for a reverted setTokenAddress and for other presale calls", async () => {
    const local = app.services.chain.localChain!;
    const before = await launchPad();
    // Sent by a wallet that does not own the presale: mined, reverted (gas limit given, so no dry run refuses it first).
    const stranger = getContract("Presale", presaleAddress, await local.signer(1));
    const reverted = await stranger.setTokenAddress(await deployToken("Never", "NVR", 18), { gasLimit: 200_000 });
    expect((await receiptWithin(local.provider, reverted.hash))!.status).toBe(0);
    expect(await record(reverted.hash)).toEqual({ functionName: "setTokenAddress", status: "reverted" });
    const other = await getContract("Presale", presaleAddress, await local.signer(0)).setHardCap(parseUnits("321", 18));
    await mined(other);
    expect(await record(other.hash)).toEqual({ functionName: "setHardCap", status: "success" });
    expect(await launchPad()).toEqual(before);
  });
});
