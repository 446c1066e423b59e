import { getAddress, parseEther, ZeroAddress } from "ethers";
import { createPresaleThroughFactory, getContract, listPresalesCreated, readPresale, type PresaleParams } from "../src";
import { as, deploy, expectRevert, mined, useChain } from "./helpers";
import { BASE, NOT_OWNER, presaleHelpers } from "./presaleHelpers";

const testChain = useChain();
const { newSale, openSale } = presaleHelpers(testChain);

describe("PresaleFactory", () => {
  it("creates a presale owned by the caller, indexes it by token and emits PresaleCreated", async () => {
    const token = await deploy("SaleToken", testChain.owner, "Sale", "SALE", 18, 0n);
    const tokenAddress = await token.getAddress();
    const factory = getContract("PresaleFactory", testChain.chain.contracts.presaleFactory, testChain.owner);
    expect(await factory.getPresale(tokenAddress)).toBe(ZeroAddress);
    const countBefore = await factory.allPresalesLength();

    const params: PresaleParams = { ...BASE, token: tokenAddress, staker: testChain.chain.contracts.staking };
    const created = await createPresaleThroughFactory(testChain.owner, testChain.chain.contracts.presaleFactory, params);
    const owner = await testChain.owner.getAddress();
    expect(created.token).toBe(tokenAddress);
    expect(created.owner).toBe(owner);
    expect(await factory.getPresale(tokenAddress)).toBe(created.presaleAddress);
    expect(await factory.allPresalesLength()).toBe(countBefore + 1n);
    expect(await factory.allPresales(countBefore)).toBe(created.presaleAddress);

    // the event's three indexed topics
    const log = created.receipt.logs.find((l) => getAddress(l.address) === testChain.chain.contracts.presaleFactory)!;
    const parsed = factory.interface.parseLog(log)!;
    expect(parsed.name).toBe("PresaleCreated");
    expect(log.topics).toHaveLength(4);
    expect([parsed.args.token, parsed.args.presale, parsed.args.owner]).toEqual([tokenAddress, created.presaleAddress, owner]);

    const events = await listPresalesCreated(testChain.chain.provider, testChain.chain.contracts.presaleFactory);
    expect(events.at(-1)).toEqual({
      token: tokenAddress,
      presaleAddress: created.presaleAddress,
      owner,
      blockNumber: created.blockNumber,
      transactionHash: created.transactionHash,
    });

    const presale = getContract("Presale", created.presaleAddress, testChain.chain.provider);
    expect(await presale.owner()).toBe(owner);
    expect(await presale.factory()).toBe(testChain.chain.contracts.presaleFactory);
    expect(await presale.BUSD()).toBe(testChain.chain.contracts.stable);
    expect(await factory.stableCoin()).toBe(testChain.chain.contracts.stable);
  });

  it("reads every parameter back from the presale in createPresale's argument order", async () => {
    const { address, params } = await newSale({ staker: testChain.chain.contracts.staking });
    const deployed = getContract("Presale", address, testChain.chain.provider);
    expect(await deployed.tokenAddress()).toBe(params.token);
    expect(await deployed.tokenRatePerEth()).toBe(params.priceBNB);
    expect(await deployed.tokenRatePercrypto()).toBe(params.priceBUSD);
    expect(await deployed.maxEthLimit()).toBe(params.maxBNB);
    expect(await deployed.minEthLimit()).toBe(params.minBNB);
    expect(await deployed.BUSDmaxEthLimit()).toBe(params.maxBUSD);
    expect(await deployed.BUSDminEthLimit()).toBe(params.minBUSD);
    expect(await deployed.hardCap()).toBe(params.hardCap);
    expect(await deployed.BUSDhardCap()).toBe(params.busdHardCap);
    expect(await deployed.currentPoolId()).toBe(6n);
    expect(await deployed.Staker()).toBe(testChain.chain.contracts.staking);
    expect(await deployed.intervalDays()).toBe(0n);
    expect(await deployed.isPresaleOpen()).toBe(false);
    expect(await deployed.isClaimable()).toBe(false);
    expect(await deployed.iscrypto()).toBe(true);
    expect(await deployed.isWhitelist()).toBe(false);
    expect(await deployed.ethEarned()).toBe(0n);
    expect(await deployed.busdEarned()).toBe(0n);

    const details = await readPresale(testChain.chain.provider, address);
    expect(details).toMatchObject({
      presaleAddress: address,
      tokenAddress: params.token,
      tokenName: "Sale",
      tokenSymbol: "SALE",
      tokenDecimals: 18,
      pid: 6,
      lockDays: 5,
      priceBNB: params.priceBNB,
      priceBUSD: params.priceBUSD,
      minBNB: params.minBNB,
      maxBNB: params.maxBNB,
      minBUSD: params.minBUSD,
      maxBUSD: params.maxBUSD,
      hardCap: params.hardCap,
      busdHardCap: params.busdHardCap,
    });
  });

  it("is restricted to its owner and refuses inconsistent limits", async () => {
    const token = await deploy("SaleToken", testChain.owner, "Sale", "SALE", 18, 0n);
    const params: PresaleParams = { ...BASE, token: await token.getAddress(), staker: ZeroAddress };
    await expectRevert(createPresaleThroughFactory(testChain.alice, testChain.chain.contracts.presaleFactory, params), NOT_OWNER);
    await expectRevert(
      createPresaleThroughFactory(testChain.owner, testChain.chain.contracts.presaleFactory, { ...params, minBNB: params.maxBNB + 1n }),
      "Presale: BNB minimum above maximum",
    );
    await expectRevert(
      createPresaleThroughFactory(testChain.owner, testChain.chain.contracts.presaleFactory, { ...params, minBUSD: params.maxBUSD + 1n }),
      "Presale: BUSD minimum above maximum",
    );
    await expectRevert(
      createPresaleThroughFactory(testChain.owner, testChain.chain.contracts.presaleFactory, { ...params, token: ZeroAddress }),
      "Presale: token is the zero address",
    );
  });
});

describe("Presale settings", () => {
  const setters: [setter: string, getter: string, value: bigint][] = [
    ["setTokenRatePerEth", "tokenRatePerEth", 1234n],
    ["setTokenRatePercrypto", "tokenRatePercrypto", 5678n],
    ["setMinEthLimit", "minEthLimit", parseEther("0.2")],
    ["setMaxEthLimit", "maxEthLimit", parseEther("7")],
    ["setBUSDMinEthLimit", "BUSDminEthLimit", parseEther("20")],
    ["setBUSDMaxEthLimit", "BUSDmaxEthLimit", parseEther("700")],
    ["setHardCap", "hardCap", parseEther("70")],
    ["setBUSDHardCap", "BUSDhardCap", parseEther("7000")],
    ["setCurrentPoolId", "currentPoolId", 8n],
  ];

  it.each(setters)("%s changes %s, for the owner only", async (setter, getter, value) => {
    const { presale } = await newSale({}, 0n);
    await expectRevert(as(presale, testChain.alice)[setter](value), NOT_OWNER);
    await mined(presale[setter](value));
    expect(await presale[getter]()).toBe(value);
  });

  it("setTokenRatePercrypto(0) turns BUSD purchases off (iscrypto) and a rate turns them on", async () => {
    const { presale } = await openSale();
    await mined(presale.setTokenRatePercrypto(0n));
    expect(await presale.iscrypto()).toBe(false);
    await expectRevert(as(presale, testChain.alice).buyTokenWithBUSD(parseEther("100")), "Presale: BUSD purchases are disabled");
    await mined(presale.setTokenRatePercrypto(3n));
    expect(await presale.iscrypto()).toBe(true);
  });

  it("setTokenAddress changes the token while closed and before any sale", async () => {
    const sale = await newSale();
    const other = await deploy("SaleToken", testChain.owner, "Other", "OTH", 6, 0n);
    await expectRevert(as(sale.presale, testChain.alice).setTokenAddress(await other.getAddress()), NOT_OWNER);
    await expectRevert(sale.presale.setTokenAddress(ZeroAddress), "Presale: token is the zero address");
    await mined(sale.presale.setTokenAddress(await other.getAddress()));
    expect(await sale.presale.tokenAddress()).toBe(await other.getAddress());
    await mined(sale.presale.setTokenAddress(sale.params.token));

    await mined(sale.presale.startPresale(1));
    await expectRevert(sale.presale.setTokenAddress(await other.getAddress()), "Presale: close the sale first");
    await mined(as(sale.presale, testChain.alice).buyToken({ value: parseEther("1") }));
    await mined(sale.presale.closePresale());
    await expectRevert(sale.presale.setTokenAddress(await other.getAddress()), "Presale: tokens already sold");
  });

  it("whitelistedSale toggles whitelist mode; addMultipleWhitelistedAddresses records allocations", async () => {
    const { presale } = await newSale({}, 0n);
    const [alice, bob] = [await testChain.alice.getAddress(), await testChain.bob.getAddress()];
    await expectRevert(as(presale, testChain.alice).whitelistedSale(), NOT_OWNER);
    await mined(presale.whitelistedSale());
    expect(await presale.isWhitelist()).toBe(true);
    await mined(presale.whitelistedSale());
    expect(await presale.isWhitelist()).toBe(false);

    await expectRevert(as(presale, testChain.alice).addMultipleWhitelistedAddresses([alice], [1n]), NOT_OWNER);
    await expectRevert(presale.addMultipleWhitelistedAddresses([alice, bob], [1n]), "Presale: addresses and allocations differ in length");
    await expectRevert(presale.addMultipleWhitelistedAddresses([ZeroAddress], [1n]), "Presale: whitelisted address is the zero address");
    await mined(presale.addMultipleWhitelistedAddresses([alice, bob], [parseEther("1"), parseEther("2")]));
    expect(await presale.whitelistedAddresses(alice)).toBe(parseEther("1"));
    expect(await presale.whitelistedAddresses(bob)).toBe(parseEther("2"));
  });
});
