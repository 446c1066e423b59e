import { parseEther, parseUnits, ZeroAddress, type Contract } from "ethers";
import { getContract } from "../src";
import { as, deploy, expectRevert, mine, mined, useChain } from "./helpers";

const testChain = useChain();
const NOT_OWNER = "Ownable: caller is not the owner";
const REWARD_PER_BLOCK = parseUnits("10", 18);

async function sqrt(value: bigint): Promise<bigint> {
  if (value < 2n) return value;
  let guess = value;
  let next = (guess + 1n) / 2n;
  while (next < guess) {
    guess = next;
    next = (guess + value / guess) / 2n;
  }
  return guess;
}

describe("PairFactory", () => {
  it("createPair makes one pair per token couple, found by getPair in either order", async () => {
    const factory = getContract("PairFactory", testChain.chain.contracts.pairFactory, testChain.owner);
    const tokenAddressA = await (await deploy("SaleToken", testChain.owner, "A", "A", 18, 0n)).getAddress();
    const tokenAddressB = await (await deploy("SaleToken", testChain.owner, "B", "B", 18, 0n)).getAddress();
    expect(await factory.getPair(tokenAddressA, tokenAddressB)).toBe(ZeroAddress);
    const before = await factory.allPairsLength();
    const receipt = await mined(as(factory, testChain.alice).createPair(tokenAddressA, tokenAddressB)); // anyone may create a pair
    const event = factory.interface.parseLog(receipt.logs.find((l) => l.address === testChain.chain.contracts.pairFactory)!)!;
    expect(event.name).toBe("PairCreated");
    const pairAddress = await factory.getPair(tokenAddressA, tokenAddressB);
    expect(pairAddress).not.toBe(ZeroAddress);
    expect(await factory.getPair(tokenAddressB, tokenAddressA)).toBe(pairAddress);
    expect(event.args.pair).toBe(pairAddress);
    expect(await factory.allPairsLength()).toBe(before + 1n);
    expect(await factory.allPairs(before)).toBe(pairAddress);

    const pair = getContract("Pair", pairAddress, testChain.chain.provider);
    const [token0, token1] =
      tokenAddressA.toLowerCase() < tokenAddressB.toLowerCase() ? [tokenAddressA, tokenAddressB] : [tokenAddressB, tokenAddressA];
    expect(await pair.token0()).toBe(token0);
    expect(await pair.token1()).toBe(token1);
    expect(await pair.factory()).toBe(testChain.chain.contracts.pairFactory);
    expect(await pair.decimals()).toBe(18n);

    await expectRevert(factory.createPair(tokenAddressB, tokenAddressA), "PairFactory: PAIR_EXISTS");
    await expectRevert(factory.createPair(tokenAddressA, tokenAddressA), "PairFactory: IDENTICAL_ADDRESSES");
    await expectRevert(factory.createPair(tokenAddressA, ZeroAddress), "PairFactory: ZERO_ADDRESS");
  });

  it("a pair mints and burns ERC-20 LP tokens against its reserves, and swaps with a 0.3% fee", async () => {
    const factory = getContract("PairFactory", testChain.chain.contracts.pairFactory, testChain.owner);
    const tokenA = await deploy("SaleToken", testChain.owner, "A", "A", 18, parseEther("1000000"));
    const stable = getContract("StableCoin", testChain.chain.contracts.stable, testChain.owner);
    const addressA = await tokenA.getAddress();
    await mined(factory.createPair(addressA, testChain.chain.contracts.stable));
    const pairAddress = await factory.getPair(addressA, testChain.chain.contracts.stable);
    const pair = getContract("Pair", pairAddress, testChain.owner);
    const alice = await testChain.alice.getAddress();

    await mined(tokenA.transfer(pairAddress, parseEther("400")));
    await mined(stable.transfer(pairAddress, parseEther("100")));
    await mined(pair.mint(alice));
    const expected = (await sqrt(parseEther("400") * parseEther("100"))) - 1000n;
    expect(await pair.balanceOf(alice)).toBe(expected);
    expect(await pair.totalSupply()).toBe(expected + 1000n);
    const [r0, r1] = await pair.getReserves();
    expect(r0 + r1).toBe(parseEther("500"));

    // swap 10 A in for stable out: out = 10*997*100 / (400*1000 + 10*997)
    const inA = parseEther("10");
    const out = (inA * 997n * parseEther("100")) / (parseEther("400") * 1000n + inA * 997n);
    await mined(tokenA.transfer(pairAddress, inA));
    const stableIsToken0 = (await pair.token0()) === testChain.chain.contracts.stable;
    const bob = await testChain.bob.getAddress();
    const bobBefore = await stable.balanceOf(bob);
    await expectRevert(stableIsToken0 ? pair.swap(out + 1n, 0n, bob, "0x") : pair.swap(0n, out + 1n, bob, "0x"), "Pair: K");
    await mined(stableIsToken0 ? pair.swap(out, 0n, bob, "0x") : pair.swap(0n, out, bob, "0x"));
    expect(await stable.balanceOf(bob)).toBe(bobBefore + out);

    // burn: LP back to the pair, both tokens out pro rata
    const lp = await pair.balanceOf(alice);
    await mined(as(pair, testChain.alice).transfer(pairAddress, lp));
    await mined(pair.burn(alice));
    expect(await pair.balanceOf(alice)).toBe(0n);
    expect(await tokenA.balanceOf(alice)).toBeGreaterThan(parseEther("400"));
  });
});

describe("Farm", () => {
  let farm: Contract;
  let reward: Contract;
  let lpA: Contract;
  let lpB: Contract;

  beforeAll(async () => {
    reward = await deploy("SaleToken", testChain.owner, "Reward", "RWD", 18, parseEther("1000000"));
    const start = await testChain.chain.provider.getBlockNumber();
    farm = await deploy("Farm", testChain.owner, await reward.getAddress(), REWARD_PER_BLOCK, start, await testChain.carol.getAddress());
    await mined(reward.transfer(await farm.getAddress(), parseEther("100000")));
    lpA = await deploy("SaleToken", testChain.owner, "LP A", "LPA", 18, parseEther("1000"));
    lpB = await deploy("SaleToken", testChain.owner, "LP B", "LPB", 18, parseEther("1000"));
    for (const lp of [lpA, lpB]) await mined(lp.transfer(await testChain.alice.getAddress(), parseEther("100")));
  });

  it("add is owner-only, grows poolLength and records poolInfo; refuses duplicates and fees above 100%", async () => {
    expect(await farm.poolLength()).toBe(0n);
    const lpAddress = await lpA.getAddress();
    await expectRevert(as(farm, testChain.alice).add(100n, lpAddress, 400, false), NOT_OWNER);
    await expectRevert(farm.add(100n, lpAddress, 10001, false), "Farm: deposit fee above 10000 basis points");
    await expectRevert(farm.add(100n, await testChain.alice.getAddress(), 0, false), "Farm: LP token is not a contract");
    const receipt = await mined(farm.add(100n, lpAddress, 400, false)); // multiplier 1 x 100, fee 4% = 400 bp
    expect(await farm.poolLength()).toBe(1n);
    const info = await farm.poolInfo(0);
    expect(info.lpToken).toBe(lpAddress);
    expect(info.allocPoint).toBe(100n);
    expect(info.depositFeeBP).toBe(400n);
    expect(info.lastRewardBlock).toBe(BigInt(receipt.blockNumber));
    expect(info.accRewardPerShare).toBe(0n);
    expect(await farm.totalAllocPoint()).toBe(100n);
    expect(await farm.poolExistence(lpAddress)).toBe(true);
    await expectRevert(farm.add(100n, lpAddress, 0, true), "Farm: pool already exists");
    await mined(farm.add(300n, await lpB.getAddress(), 0, true));
    expect(await farm.poolLength()).toBe(2n);
    expect(await farm.totalAllocPoint()).toBe(400n);
  });

  it("deposit charges the deposit fee, pendingReward accrues per block by allocation, withdraw harvests", async () => {
    const alice = await testChain.alice.getAddress();
    const carol = await testChain.carol.getAddress(); // fee address
    const fa = as(farm, testChain.alice);
    await mined(as(lpA, testChain.alice).approve(await farm.getAddress(), parseEther("100")));
    const feeBefore = await lpA.balanceOf(carol);
    const r1 = await mined(fa.deposit(0, parseEther("50")));
    expect(await lpA.balanceOf(carol)).toBe(feeBefore + parseEther("2"));
    expect((await farm.userInfo(0, alice)).amount).toBe(parseEther("48"));
    expect((await farm.poolInfo(0)).totalDeposited).toBe(parseEther("48"));

    await mine(testChain.chain, 4);
    const perBlock = (REWARD_PER_BLOCK * 100n) / 400n; // pool 0 holds 100 of 400 alloc points
    // MasterChef arithmetic: accRewardPerShare = reward * 1e18 / deposited (floored), pending = amount * acc / 1e18
    const earned = (blocks: bigint) => {
      const acc = (blocks * perBlock * 10n ** 18n) / parseEther("48");
      return (parseEther("48") * acc) / 10n ** 18n;
    };
    expect(await farm.pendingReward(0, alice)).toBe(earned(4n));
    expect(earned(4n)).toBeGreaterThan(4n * perBlock - 100n);

    const rewardBefore = await reward.balanceOf(alice);
    const r2 = await mined(fa.withdraw(0, parseEther("8")));
    const blocks = BigInt(r2.blockNumber - r1.blockNumber);
    expect(await reward.balanceOf(alice)).toBe(rewardBefore + earned(blocks));
    expect(await lpA.balanceOf(alice)).toBe(parseEther("58"));
    expect((await farm.userInfo(0, alice)).amount).toBe(parseEther("40"));
    expect(await farm.pendingReward(0, alice)).toBe(0n);
    await expectRevert(fa.withdraw(0, parseEther("41")), "Farm: withdraw amount exceeds deposit");
    await expectRevert(fa.deposit(7, 1n), "Farm: unknown pool");

    await mined(fa.emergencyWithdraw(0));
    expect((await farm.userInfo(0, alice)).amount).toBe(0n);
    expect(await lpA.balanceOf(alice)).toBe(parseEther("98"));
  });

  it("fee settings: set() changes allocation and fee; setFeeAddress by the fee address or the owner; emission rate", async () => {
    await expectRevert(as(farm, testChain.alice).set(0, 50n, 100, false), NOT_OWNER);
    await mined(farm.set(0, 50n, 100, false));
    const info = await farm.poolInfo(0);
    expect([info.allocPoint, info.depositFeeBP]).toEqual([50n, 100n]);
    expect(await farm.totalAllocPoint()).toBe(350n);

    const [alice, bob, carol] = [await testChain.alice.getAddress(), await testChain.bob.getAddress(), await testChain.carol.getAddress()];
    expect(await farm.feeAddress()).toBe(carol);
    await expectRevert(as(farm, testChain.alice).setFeeAddress(alice), "Farm: forbidden");
    await mined(as(farm, testChain.carol).setFeeAddress(bob));
    expect(await farm.feeAddress()).toBe(bob);
    await mined(farm.setFeeAddress(carol));
    expect(await farm.feeAddress()).toBe(carol);
    await expectRevert(farm.setFeeAddress(ZeroAddress), "Farm: fee address is the zero address");

    await expectRevert(as(farm, testChain.alice).updateEmissionRate(1n), NOT_OWNER);
    await mined(farm.updateEmissionRate(parseEther("1")));
    expect(await farm.rewardPerBlock()).toBe(parseEther("1"));
  });

  it("a token-only pool of the reward token never pays rewards out of the staked tokens", async () => {
    const rewardAddress = await reward.getAddress();
    const pid = await farm.poolLength();
    await mined(farm.add(100n, rewardAddress, 0, true));
    const bob = await testChain.bob.getAddress();
    await mined(reward.transfer(bob, parseEther("10")));
    await mined(as(reward, testChain.bob).approve(await farm.getAddress(), parseEther("10")));
    const balanceBefore = await farm.rewardBalance();
    await mined(as(farm, testChain.bob).deposit(pid, parseEther("10")));
    expect(await farm.stakedRewardToken()).toBe(parseEther("10"));
    expect(await farm.rewardBalance()).toBe(balanceBefore);
    await mined(as(farm, testChain.bob).withdraw(pid, parseEther("10")));
    expect(await farm.stakedRewardToken()).toBe(0n);
    expect(await reward.balanceOf(bob)).toBeGreaterThan(parseEther("10")); // stake back plus rewards
  });

  it("farms an LP token from the pair factory (the admin's Add Pool flow)", async () => {
    const deployed = getContract("Farm", testChain.chain.contracts.farm, testChain.owner);
    const pairs = getContract("PairFactory", testChain.chain.contracts.pairFactory, testChain.owner);
    const token = await deploy("SaleToken", testChain.owner, "Pool Token", "PTK", 18, parseEther("1000"));
    const tokenAddress = await token.getAddress();
    if ((await pairs.getPair(tokenAddress, testChain.chain.contracts.stable)) === ZeroAddress) {
      await mined(pairs.createPair(tokenAddress, testChain.chain.contracts.stable));
    }
    const pair = await pairs.getPair(tokenAddress, testChain.chain.contracts.stable);
    const pid = await deployed.poolLength();
    await mined(deployed.add(2n * 100n, pair, 1 * 100, false));
    expect(await deployed.poolLength()).toBe(pid + 1n);
    expect((await deployed.poolInfo(pid)).lpToken).toBe(pair);
  });
});
