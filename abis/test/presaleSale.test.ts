import { parseEther, parseUnits, ZeroAddress } from "ethers";
import { requiredDeposit } from "../src";
import { as, blockTimestamp, deploy, expectRevert, increaseTime, mined, useChain } from "./helpers";
import { NOT_OWNER, presaleHelpers } from "./presaleHelpers";

const testChain = useChain();
const { newSale, openSale, stableAs } = presaleHelpers(testChain);

describe("Presale lifecycle", () => {
  it("startPresale needs deposited tokens, the owner, a duration, and a closed sale", async () => {
    const sale = await newSale({}, 0n);
    await expectRevert(sale.presale.startPresale(2), "Presale: deposit tokens first");
    await mined(sale.token.transfer(sale.address, parseEther("1")));
    await expectRevert(as(sale.presale, testChain.alice).startPresale(2), NOT_OWNER);
    await expectRevert(sale.presale.startPresale(0), "Presale: duration must be at least one day");
    const receipt = await mined(sale.presale.startPresale(2));
    const ts = await blockTimestamp(testChain.chain, receipt.blockNumber);
    expect(await sale.presale.isPresaleOpen()).toBe(true);
    expect(await sale.presale.intervalDays()).toBe(2n * 86400n);
    expect(await sale.presale.startTime()).toBe(ts);
    expect(await sale.presale.endTime()).toBe(ts + 2n * 86400n);
    await expectRevert(sale.presale.startPresale(2), "Presale: sale is already open");
  });

  it("closePresale closes an open sale, for the owner only", async () => {
    const { presale } = await openSale();
    await expectRevert(as(presale, testChain.alice).closePresale(), NOT_OWNER);
    await mined(presale.closePresale());
    expect(await presale.isPresaleOpen()).toBe(false);
    await expectRevert(presale.closePresale(), "Presale is not open");
    await expectRevert(as(presale, testChain.alice).buyToken({ value: parseEther("1") }), "Presale is not open");
  });

  it("finalizeSale only when closed; then claims pay out and the sale cannot restart", async () => {
    const sale = await openSale();
    const alice = await testChain.alice.getAddress();
    await mined(as(sale.presale, testChain.alice).buyToken({ value: parseEther("1") }));
    await expectRevert(as(sale.presale, testChain.alice).claimTokens(), "Presale: tokens are not claimable yet");
    await expectRevert(sale.presale.finalizeSale(ZeroAddress), "Presale: close the sale first");
    await mined(sale.presale.closePresale());
    await expectRevert(as(sale.presale, testChain.alice).finalizeSale(ZeroAddress), NOT_OWNER);
    await mined(sale.presale.finalizeSale(ZeroAddress));
    expect(await sale.presale.isClaimable()).toBe(true);
    expect(await sale.presale.Staker()).toBe(ZeroAddress);
    await expectRevert(sale.presale.startPresale(1), "Presale: sale is finalized");

    await mined(as(sale.presale, testChain.alice).claimTokens());
    expect(await sale.token.balanceOf(alice)).toBe(parseUnits("1000", 18));
    expect(await sale.presale.userTokens(alice)).toBe(0n);
    await expectRevert(as(sale.presale, testChain.alice).claimTokens(), "Presale: nothing to claim");
  });

  it("finalizeSale(staker) makes claims lock the bought tokens in the staker's pool currentPoolId", async () => {
    const sale = await openSale({ pid: 1 });
    const staking = await deploy("Staking", testChain.owner, sale.params.token);
    await mined(staking.addPool(5n * 86400n, 0n, 0n));
    await mined(staking.addPool(180n * 86400n, 0n, 1000n)); // pid 1
    const bob = await testChain.bob.getAddress();
    await mined(as(sale.presale, testChain.bob).buyToken({ value: parseEther("2") }));
    await mined(sale.presale.closePresale());
    await mined(sale.presale.finalizeSale(await staking.getAddress()));
    expect(await sale.presale.Staker()).toBe(await staking.getAddress());

    const receipt = await mined(as(sale.presale, testChain.bob).claimTokens());
    const ts = await blockTimestamp(testChain.chain, receipt.blockNumber);
    const info = await staking.userInfo(1, bob);
    expect(info.amount).toBe(parseUnits("2000", 18));
    expect(info.unlockTime).toBe(ts + 180n * 86400n);
    expect(await sale.token.balanceOf(bob)).toBe(0n);
    expect(await sale.token.balanceOf(await staking.getAddress())).toBe(parseUnits("2000", 18));
  });

  it("withdrawBNB and withdrawBUSD send the raised funds to the owner", async () => {
    const sale = await openSale();
    const owner = await testChain.owner.getAddress();
    await expectRevert(sale.presale.withdrawBNB(), "Presale: no BNB to withdraw");
    await mined(as(sale.presale, testChain.alice).buyToken({ value: parseEther("3") }));
    await mined(stableAs(testChain.alice).approve(sale.address, parseEther("200")));
    await mined(as(sale.presale, testChain.alice).buyTokenWithBUSD(parseEther("200")));

    await expectRevert(as(sale.presale, testChain.alice).withdrawBNB(), NOT_OWNER);
    const before = await testChain.chain.provider.getBalance(owner);
    const receipt = await mined(sale.presale.withdrawBNB());
    const gas = receipt.gasUsed * receipt.gasPrice;
    expect(await testChain.chain.provider.getBalance(owner)).toBe(before + parseEther("3") - gas);
    expect(await testChain.chain.provider.getBalance(sale.address)).toBe(0n);

    await expectRevert(as(sale.presale, testChain.alice).withdrawBUSD(), NOT_OWNER);
    const stable = stableAs(testChain.owner);
    const busdBefore = await stable.balanceOf(owner);
    await mined(sale.presale.withdrawBUSD());
    expect(await stable.balanceOf(owner)).toBe(busdBefore + parseEther("200"));
    expect(await sale.presale.ethEarned()).toBe(parseEther("3")); // raised totals are kept
  });

  it("getUnsoldTokens returns what no buyer is owed, once closed", async () => {
    const sale = await openSale();
    const owner = await testChain.owner.getAddress();
    const deposited = requiredDeposit(sale.params);
    await mined(as(sale.presale, testChain.alice).buyToken({ value: parseEther("1") }));
    await expectRevert(sale.presale.getUnsoldTokens(), "Presale: close the sale first");
    await mined(sale.presale.closePresale());
    await expectRevert(as(sale.presale, testChain.alice).getUnsoldTokens(), NOT_OWNER);
    const before = await sale.token.balanceOf(owner);
    await mined(sale.presale.getUnsoldTokens());
    const owed = parseUnits("1000", 18);
    expect(await sale.token.balanceOf(owner)).toBe(before + deposited - owed);
    expect(await sale.token.balanceOf(sale.address)).toBe(owed);
    await expectRevert(sale.presale.getUnsoldTokens(), "Presale: no unsold tokens");
    // the buyer can still claim
    await mined(sale.presale.finalizeSale(ZeroAddress));
    await mined(as(sale.presale, testChain.alice).claimTokens());
    expect(await sale.token.balanceOf(sale.address)).toBe(0n);
  });
});

describe("Buying", () => {
  it("buyToken (BNB) honours the open flag, the per-wallet min and max, and the hard cap", async () => {
    const sale = await newSale(); // min 0.5, max 5, cap 8 BNB, 1000 tokens per BNB
    const presaleAs = (s = testChain.alice) => as(sale.presale, s);
    const alice = await testChain.alice.getAddress();
    await expectRevert(presaleAs().buyToken({ value: parseEther("1") }), "Presale is not open");
    await mined(sale.presale.startPresale(1));

    await expectRevert(presaleAs().buyToken({ value: 0n }), "Presale: zero amount");
    await expectRevert(presaleAs().buyToken({ value: parseEther("0.4") }), "Presale: contribution below minimum");
    await expectRevert(presaleAs().buyToken({ value: parseEther("5.1") }), "Presale: contribution above maximum");
    await mined(presaleAs().buyToken({ value: parseEther("0.5") }));
    await mined(presaleAs().buyToken({ value: parseEther("0.1") })); // cumulative total 0.6 is above the minimum
    expect(await sale.presale.usersInvestments(alice)).toBe(parseEther("0.6"));
    expect(await sale.presale.userTokens(alice)).toBe(parseUnits("600", 18));
    await expectRevert(presaleAs().buyToken({ value: parseEther("4.5") }), "Presale: contribution above maximum");
    await mined(presaleAs().buyToken({ value: parseEther("4.4") }));

    await mined(presaleAs(testChain.bob).buyToken({ value: parseEther("3") })); // 8 raised: the cap
    expect(await sale.presale.ethEarned()).toBe(parseEther("8"));
    await expectRevert(presaleAs(testChain.carol).buyToken({ value: parseEther("0.5") }), "Presale: hard cap reached");
    expect(await sale.presale.tokensSold()).toBe(parseUnits("8000", 18));
    expect(await testChain.chain.provider.getBalance(sale.address)).toBe(parseEther("8"));

    // the sale ends by time too
    await mined(sale.presale.setHardCap(parseEther("100")));
    await mined(presaleAs(testChain.carol).buyToken({ value: parseEther("0.5") }));
    await increaseTime(testChain.chain, 86400);
    await expectRevert(presaleAs(testChain.carol).buyToken({ value: parseEther("0.5") }), "Presale is not open");
  });

  it("buyTokenWithBUSD honours the open flag, approval, min and max, and the BUSD hard cap", async () => {
    const sale = await newSale(); // min 100, max 1000, cap 1500 BUSD, 2 tokens per BUSD
    const presaleAs = (s = testChain.alice) => as(sale.presale, s);
    const alice = await testChain.alice.getAddress();
    await expectRevert(presaleAs().buyTokenWithBUSD(parseEther("100")), "Presale is not open");
    await mined(sale.presale.startPresale(1));
    await expectRevert(presaleAs().buyTokenWithBUSD(parseEther("100")), "ERC20: insufficient allowance");
    for (const staker of [testChain.alice, testChain.bob]) await mined(stableAs(staker).approve(sale.address, parseEther("100000")));
    await expectRevert(presaleAs().buyTokenWithBUSD(parseEther("99")), "Presale: contribution below minimum");
    await expectRevert(presaleAs().buyTokenWithBUSD(parseEther("1001")), "Presale: contribution above maximum");

    const stable = stableAs(testChain.alice);
    const before = await stable.balanceOf(alice);
    await mined(presaleAs().buyTokenWithBUSD(parseEther("1000")));
    expect(await stable.balanceOf(alice)).toBe(before - parseEther("1000"));
    expect(await stable.balanceOf(sale.address)).toBe(parseEther("1000"));
    expect(await sale.presale.usersBUSDInvestments(alice)).toBe(parseEther("1000"));
    expect(await sale.presale.userTokens(alice)).toBe(parseUnits("2000", 18));
    expect(await sale.presale.busdEarned()).toBe(parseEther("1000"));

    await expectRevert(presaleAs(testChain.bob).buyTokenWithBUSD(parseEther("600")), "Presale: BUSD hard cap reached");
    await mined(presaleAs(testChain.bob).buyTokenWithBUSD(parseEther("500")));
    expect(await sale.presale.busdEarned()).toBe(parseEther("1500"));
  });

  it("in whitelist mode only whitelisted addresses buy, each up to its allocation", async () => {
    const sale = await openSale();
    const presaleAs = (s = testChain.alice) => as(sale.presale, s);
    await mined(sale.presale.whitelistedSale());
    await expectRevert(presaleAs().buyToken({ value: parseEther("1") }), "Presale: address is not whitelisted");
    await mined(sale.presale.addMultipleWhitelistedAddresses([await testChain.alice.getAddress()], [parseEther("2")]));
    await mined(presaleAs().buyToken({ value: parseEther("1.5") }));
    await expectRevert(presaleAs().buyToken({ value: parseEther("0.6") }), "Presale: whitelist allocation exceeded");
    await mined(presaleAs().buyToken({ value: parseEther("0.5") }));
    await expectRevert(presaleAs(testChain.bob).buyToken({ value: parseEther("1") }), "Presale: address is not whitelisted");

    // BUSD contributions are held to the allocation too (an 18-decimal amount)
    await mined(sale.presale.setBUSDMinEthLimit(parseEther("1")));
    await mined(stableAs(testChain.alice).approve(sale.address, parseEther("10")));
    await expectRevert(presaleAs().buyTokenWithBUSD(parseEther("3")), "Presale: whitelist allocation exceeded");
    await mined(presaleAs().buyTokenWithBUSD(parseEther("2")));

    // whitelist off: anyone buys again
    await mined(sale.presale.whitelistedSale());
    await mined(presaleAs(testChain.bob).buyToken({ value: parseEther("1") }));
  });

  it("never sells more tokens than deposited", async () => {
    const sale = await openSale({}, parseUnits("1500", 18)); // 1.5 BNB worth
    await mined(as(sale.presale, testChain.alice).buyToken({ value: parseEther("1") }));
    expect(await sale.presale.availableTokens()).toBe(parseUnits("500", 18));
    await expectRevert(as(sale.presale, testChain.bob).buyToken({ value: parseEther("1") }), "Presale: not enough tokens left");
    await mined(as(sale.presale, testChain.bob).buyToken({ value: parseEther("0.5") }));
    expect(await sale.presale.availableTokens()).toBe(0n);
  });
});
