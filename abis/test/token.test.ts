import { parseEther, ZeroAddress } from "ethers";
import { getContract } from "../src";
import { as, deploy, expectRevert, mined, useChain } from "./helpers";

const testChain = useChain();

describe("SaleToken", () => {
  it("is an ERC-20 minted to its deployer, who owns it", async () => {
    const token = await deploy("SaleToken", testChain.owner, "Sale", "SALE", 9, 1000n);
    expect(await token.name()).toBe("Sale");
    expect(await token.symbol()).toBe("SALE");
    expect(await token.decimals()).toBe(9n);
    expect(await token.totalSupply()).toBe(1000n);
    expect(await token.balanceOf(await testChain.owner.getAddress())).toBe(1000n);
    expect(await token.owner()).toBe(await testChain.owner.getAddress());
    await mined(token.transfer(await testChain.alice.getAddress(), 10n));
    expect(await token.balanceOf(await testChain.alice.getAddress())).toBe(10n);
    await mined(token.mint(await testChain.bob.getAddress(), 5n));
    expect(await token.totalSupply()).toBe(1005n);
    await expectRevert(as(token, testChain.alice).mint(await testChain.alice.getAddress(), 1n), "Ownable: caller is not the owner");
    await expectRevert(
      as(token, testChain.alice).transfer(await testChain.bob.getAddress(), 11n),
      "ERC20: transfer amount exceeds balance",
    );
  });

  it("blacklists and unblacklists holders: isBlacklisted reflects it and transfers are refused while listed", async () => {
    const token = await deploy("SaleToken", testChain.owner, "Sale", "SALE", 18, parseEther("1000"));
    const alice = await testChain.alice.getAddress();
    const bob = await testChain.bob.getAddress();
    await mined(token.transfer(alice, parseEther("10")));
    expect(await token.isBlacklisted(alice)).toBe(false);

    const receipt = await mined(token.addBlacklistedUser(alice));
    expect(token.interface.parseLog(receipt.logs[0])?.name).toBe("BlacklistAdded");
    expect(await token.isBlacklisted(alice)).toBe(true);
    await expectRevert(as(token, testChain.alice).transfer(bob, 1n), "SaleToken: sender is blacklisted");
    await expectRevert(token.transfer(alice, 1n), "SaleToken: recipient is blacklisted");
    // transferFrom by an approved spender is refused too
    await mined(as(token, testChain.alice).approve(bob, 5n)); // approving is not a transfer: allowed
    await expectRevert(as(token, testChain.bob).transferFrom(alice, bob, 1n), "SaleToken: sender is blacklisted");

    await mined(token.removeBlacklist(alice));
    expect(await token.isBlacklisted(alice)).toBe(false);
    await mined(as(token, testChain.alice).transfer(bob, 1n));
    await mined(token.transfer(alice, 1n));
    expect(await token.balanceOf(bob)).toBe(1n);
  });

  it("lets only the owner change the blacklist", async () => {
    const token = await deploy("SaleToken", testChain.owner, "Sale", "SALE", 18, 0n);
    const bob = await testChain.bob.getAddress();
    await expectRevert(as(token, testChain.alice).addBlacklistedUser(bob), "Ownable: caller is not the owner");
    await expectRevert(as(token, testChain.alice).removeBlacklist(bob), "Ownable: caller is not the owner");
    await expectRevert(token.addBlacklistedUser(ZeroAddress), "SaleToken: zero address");
  });
});

describe("StableCoin", () => {
  it("has 18 decimals and is mintable by its owner only", async () => {
    const stable = getContract("StableCoin", testChain.chain.contracts.stable, testChain.owner);
    expect(await stable.decimals()).toBe(18n);
    expect(await stable.symbol()).toBe("BUSD");
    const carol = await testChain.carol.getAddress();
    const before = await stable.balanceOf(carol);
    await mined(stable.mint(carol, parseEther("5")));
    expect(await stable.balanceOf(carol)).toBe(before + parseEther("5"));
    await expectRevert(as(stable, testChain.alice).mint(carol, 1n), "Ownable: caller is not the owner");
  });
});

describe("Multicall3", () => {
  it("sits at the canonical address and batches calls with aggregate3", async () => {
    const { contracts } = testChain.chain;
    expect(contracts.multicall3).toBe("0xcA11bde05977b3631167028862bE2a173976CA11");
    expect(await testChain.chain.provider.getCode(contracts.multicall3)).not.toBe("0x");
    const mc = getContract("Multicall3", contracts.multicall3, testChain.chain.provider);
    const token = getContract("SaleToken", contracts.token, testChain.chain.provider);
    const stable = getContract("StableCoin", contracts.stable, testChain.chain.provider);
    const owner = await testChain.owner.getAddress();
    const calls = [
      { target: contracts.token, allowFailure: false, callData: token.interface.encodeFunctionData("symbol") },
      { target: contracts.stable, allowFailure: false, callData: stable.interface.encodeFunctionData("balanceOf", [owner]) },
      // transferFrom without allowance fails: allowed to fail here
      {
        target: contracts.token,
        allowFailure: true,
        callData: token.interface.encodeFunctionData("transferFrom", [owner, contracts.token, 1n]),
      },
    ];
    const results = await mc.aggregate3.staticCall(calls);
    expect(results).toHaveLength(3);
    expect(results[0].success).toBe(true);
    expect(token.interface.decodeFunctionResult("symbol", results[0].returnData)[0]).toBe("DST");
    expect(stable.interface.decodeFunctionResult("balanceOf", results[1].returnData)[0]).toBe(await stable.balanceOf(owner));
    expect(results[2].success).toBe(false);

    await expectRevert(mc.aggregate3.staticCall([{ ...calls[2], allowFailure: false }]), "Multicall3: call failed");
    expect(await mc.getChainId()).toBe(31337n);
    expect(await mc.getBlockNumber()).toBeGreaterThanOrEqual(BigInt(await testChain.chain.provider.getBlockNumber()));
    const [blockNumber, data] = await mc.aggregate.staticCall([
      { target: contracts.token, callData: token.interface.encodeFunctionData("decimals") },
    ]);
    expect(blockNumber).toBeGreaterThan(0n);
    expect(token.interface.decodeFunctionResult("decimals", data[0])[0]).toBe(18n);
  });
});
