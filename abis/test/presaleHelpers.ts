/** What the presale test files share: default parameters, and sales created through the factory on the file's chain. */
import { parseEther, parseUnits, ZeroAddress, type Contract } from "ethers";
import { createPresaleThroughFactory, getContract, requiredDeposit, type PresaleParams } from "../src";
import { as, deploy, mined, type TestChain } from "./helpers";

export const NOT_OWNER = "Ownable: caller is not the owner";

export const BASE: Omit<PresaleParams, "token" | "staker"> = {
  priceBNB: parseUnits("1000", 18), // 1000 tokens per BNB
  priceBUSD: parseUnits("2", 18), // 2 tokens per BUSD
  maxBNB: parseEther("5"),
  minBNB: parseEther("0.5"),
  maxBUSD: parseEther("1000"),
  minBUSD: parseEther("100"),
  hardCap: parseEther("8"),
  busdHardCap: parseEther("1500"),
  pid: 6,
};

interface Sale {
  token: Contract;
  presale: Contract;
  params: PresaleParams;
  address: string;
}

/** The sale helpers of a test file, on its chain (helpers.ts: useChain). */
export function presaleHelpers(testChain: TestChain) {
  /** A fresh token and a presale for it created through the factory, with `deposit` tokens deposited. */
  async function newSale(overrides: Partial<PresaleParams> = {}, deposit?: bigint): Promise<Sale> {
    const token = await deploy("SaleToken", testChain.owner, "Sale", "SALE", 18, parseUnits("1000000", 18));
    const params: PresaleParams = { ...BASE, token: await token.getAddress(), staker: ZeroAddress, ...overrides };
    const created = await createPresaleThroughFactory(testChain.owner, testChain.chain.contracts.presaleFactory, params);
    const presale = getContract("Presale", created.presaleAddress, testChain.owner);
    const amount = deposit ?? requiredDeposit(params);
    if (amount > 0n) await mined(token.transfer(created.presaleAddress, amount));
    return { token, presale, params, address: created.presaleAddress };
  }

  async function openSale(overrides: Partial<PresaleParams> = {}, deposit?: bigint): Promise<Sale> {
    const sale = await newSale(overrides, deposit);
    await mined(sale.presale.startPresale(3));
    return sale;
  }

  function stableAs(signer: Parameters<typeof as>[1]) {
    return getContract("StableCoin", testChain.chain.contracts.stable, signer);
  }

  return { newSale, openSale, stableAs };
}
