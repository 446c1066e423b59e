import { parseEther, type Contract } from "ethers";
import { getContract, lockDaysForPid, STAKING_POOL_COUNT } from "../src/node";
import { as, blockTimestamp, deploy, expectRevert, increaseTime, mined, useChain } from "./helpers";

const testChain = useChain();
const NOT_OWNER = "Ownable: caller is not the owner";
const DAY = 86400n;
const YEAR = 365n * DAY;

describe("Staking", () => {
  let token: Contract;
  let staking: Contract;

  beforeAll(async () => {
    token = await deploy("SaleToken", testChain.owner, "Stake", "STK", 18, parseEther("1000000"));
    staking = await deploy("Staking", testChain.owner, await token.getAddress());
    await mined(token.transfer(await staking.getAddress(), parseEther("100000"))); // reward reserve
    for (const staker of [testChain.alice, testChain.bob]) {
      await mined(token.transfer(await staker.getAddress(), parseEther("1000")));
      await mined(as(token, staker).approve(await staking.getAddress(), parseEther("1000")));
    }
  });

  it("addPool is owner-only and records the locked period, reward per block and fixed APR by pid", async () => {
    await expectRevert(as(staking, testChain.alice).addPool(DAY, 1n, 1n), NOT_OWNER);
    await mined(staking.addPool(5n * DAY, parseEther("1"), 1000n)); // pid 0: 5 days, 1/block, 10 % APR
    await mined(staking.addPool(90n * DAY, 0n, 2000n)); // pid 1
    expect(await staking.poolLength()).toBe(2n);
    expect(await staking.lockedPeriod(0)).toBe(5n * DAY);
    expect(await staking.rewardPerBlock(0)).toBe(parseEther("1"));
    expect(await staking.fixedAPR(0)).toBe(1000n);
    const info = await staking.poolInfo(1);
    expect([info.lockedPeriod, info.rewardPerBlock, info.fixedAPR]).toEqual([90n * DAY, 0n, 2000n]);
    await expectRevert(staking.lockedPeriod(9), "Staking: unknown pool");
    await expectRevert(as(staking, testChain.alice).setPool(1, DAY, 0n, 0n), NOT_OWNER);
    await mined(staking.setPool(1, 180n * DAY, 0n, 2000n));
    expect(await staking.lockedPeriod(1)).toBe(180n * DAY);
  });

  it("stake locks tokens for the pool's period; claim after the lock pays stake + per-block + APR rewards", async () => {
    const alice = await testChain.alice.getAddress();
    const sa = as(staking, testChain.alice);
    await expectRevert(sa.stake(0, 0n), "Staking: zero amount");
    const r1 = await mined(sa.stake(0, parseEther("100")));
    const t1 = await blockTimestamp(testChain.chain, r1.blockNumber);
    const info = await staking.userInfo(0, alice);
    expect(info.amount).toBe(parseEther("100"));
    expect(info.unlockTime).toBe(t1 + 5n * DAY);
    expect(await staking.totalStaked()).toBe(parseEther("100"));

    await expectRevert(sa.claim(0), "Staking: tokens are still locked");
    await increaseTime(testChain.chain, 5n * DAY);
    expect(await staking.pendingReward(0, alice)).toBeGreaterThan(0n);

    const before = await token.balanceOf(alice);
    const r2 = await mined(sa.claim(0));
    const t2 = await blockTimestamp(testChain.chain, r2.blockNumber);
    const blocks = BigInt(r2.blockNumber - r1.blockNumber);
    const expectedReward = blocks * parseEther("1") + (parseEther("100") * 1000n * (t2 - t1)) / (10000n * YEAR);
    expect(await token.balanceOf(alice)).toBe(before + parseEther("100") + expectedReward);
    const event = staking.interface.parseLog(r2.logs.find((l) => l.address === (staking.target as string))!)!;
    expect(event.name).toBe("Claimed");
    expect(event.args.reward).toBe(expectedReward);
    expect((await staking.userInfo(0, alice)).amount).toBe(0n);
    expect(await staking.totalStaked()).toBe(0n);
    await expectRevert(sa.claim(0), "Staking: nothing staked");
  });

  it("blacklistUser (owner-only) stops a user from staking and claiming until removed", async () => {
    const bob = await testChain.bob.getAddress();
    const sb = as(staking, testChain.bob);
    await mined(sb.stake(0, parseEther("10")));
    await expectRevert(as(staking, testChain.alice).blacklistUser(bob), NOT_OWNER);
    await mined(staking.blacklistUser(bob));
    expect(await staking.isBlacklisted(bob)).toBe(true);
    await expectRevert(sb.stake(0, parseEther("1")), "Staking: user is blacklisted");
    await increaseTime(testChain.chain, 6n * DAY);
    await expectRevert(sb.claim(0), "Staking: user is blacklisted");
    await mined(staking.removeBlacklistUser(bob));
    expect(await staking.isBlacklisted(bob)).toBe(false);
    await mined(sb.claim(0));
    expect((await staking.userInfo(0, bob)).amount).toBe(0n);
  });
});

describe("the deployed staking contract", () => {
  it("has the seeded pools 0..10 with the lock days of their pid", async () => {
    const staking = getContract("Staking", testChain.chain.contracts.staking, testChain.chain.provider);
    expect(await staking.poolLength()).toBe(BigInt(STAKING_POOL_COUNT));
    expect(await staking.token()).toBe(testChain.chain.contracts.token);
    for (let pid = 0; pid < STAKING_POOL_COUNT; pid++) {
      expect(await staking.lockedPeriod(pid)).toBe(BigInt(lockDaysForPid(pid)) * DAY);
    }
    expect(await staking.rewardBalance()).toBeGreaterThan(0n);
  });
});
