import fs from "node:fs";
import path from "node:path";
import { EventFragment, FunctionFragment, Interface, type Fragment } from "ethers";
import { ABIS_PATH, abiOf, allAbis, artifact, CONTRACT_NAMES, loadArtifacts, type ContractName } from "../src/node";

const compiler = require("../scripts/compile.js");

describe("committed artifacts (abis/build/)", () => {
  it("match the current Solidity sources, settings and compiler (else: npm run compile -w abis)", () => {
    expect(loadArtifacts().sourceHash).toBe(compiler.computeSourceHash());
  });

  it("are exactly what a fresh compilation produces", () => {
    const fresh = compiler.compile();
    const committed = loadArtifacts();
    expect(Object.keys(fresh.contracts)).toEqual(Object.keys(committed.contracts));
    for (const [name, c] of Object.entries(fresh.contracts as typeof committed.contracts)) {
      expect({ name, ...c }).toEqual({ name, ...committed.contracts[name] });
    }
  }, 120_000);

  it("abis.json holds the same ABIs, as plain JSON for the admin", () => {
    const abis = JSON.parse(fs.readFileSync(ABIS_PATH, "utf8"));
    for (const name of CONTRACT_NAMES) expect(abis[name]).toEqual(abiOf(name));
    expect(allAbis().Presale).toEqual(abis.Presale);
    expect(path.basename(ABIS_PATH)).toBe("abis.json");
  });

  it("every deployable contract has creation and runtime code", () => {
    for (const name of CONTRACT_NAMES.filter((n) => n !== "IERC20")) {
      expect(artifact(name).bytecode.length).toBeGreaterThan(2);
      expect(artifact(name).deployedBytecode.length).toBeGreaterThan(2);
    }
    // EIP-170: runtime code under 24 KiB, so it deploys to BSC too
    for (const name of CONTRACT_NAMES) expect((artifact(name).deployedBytecode.length - 2) / 2).toBeLessThan(24_576);
  });
});

/** The calls each contract must offer, as human-readable signatures. */
const REQUIRED: Partial<Record<ContractName, string[]>> = {
  SaleToken: [
    "function addBlacklistedUser(address)",
    "function removeBlacklist(address)",
    "function isBlacklisted(address) view returns (bool)",
    "function owner() view returns (address)",
    "function decimals() view returns (uint8)",
    "function name() view returns (string)",
    "function symbol() view returns (string)",
    "function transfer(address,uint256) returns (bool)",
  ],
  PresaleFactory: [
    "function createPresale(address,uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256,address) returns (address)",
    "function getPresale(address) view returns (address)",
    "event PresaleCreated(address indexed token, address indexed presale, address indexed owner)",
  ],
  Presale: [
    "function tokenAddress() view returns (address)",
    "function Staker() view returns (address)",
    "function tokenRatePerEth() view returns (uint256)",
    "function tokenRatePercrypto() view returns (uint256)",
    "function minEthLimit() view returns (uint256)",
    "function maxEthLimit() view returns (uint256)",
    "function BUSDminEthLimit() view returns (uint256)",
    "function BUSDmaxEthLimit() view returns (uint256)",
    "function hardCap() view returns (uint256)",
    "function BUSDhardCap() view returns (uint256)",
    "function intervalDays() view returns (uint256)",
    "function owner() view returns (address)",
    "function iscrypto() view returns (bool)",
    "function isClaimable() view returns (bool)",
    "function isPresaleOpen() view returns (bool)",
    "function isWhitelist() view returns (bool)",
    "function currentPoolId() view returns (uint256)",
    "function ethEarned() view returns (uint256)",
    "function busdEarned() view returns (uint256)",
    "function setTokenRatePerEth(uint256)",
    "function setTokenRatePercrypto(uint256)",
    "function setMinEthLimit(uint256)",
    "function setMaxEthLimit(uint256)",
    "function setBUSDMinEthLimit(uint256)",
    "function setBUSDMaxEthLimit(uint256)",
    "function setHardCap(uint256)",
    "function setBUSDHardCap(uint256)",
    "function startPresale(uint256)",
    "function closePresale()",
    "function withdrawBNB()",
    "function getUnsoldTokens()",
    "function setTokenAddress(address)",
    "function whitelistedSale()",
    "function addMultipleWhitelistedAddresses(address[],uint256[])",
    "function finalizeSale(address)",
    "function buyToken() payable",
    "function buyTokenWithBUSD(uint256)",
  ],
  Farm: [
    "function add(uint256,address,uint16,bool)",
    "function poolLength() view returns (uint256)",
    "function poolInfo(uint256) view returns (address,uint256,uint256,uint256,uint16,uint256)",
    "function deposit(uint256,uint256)",
    "function withdraw(uint256,uint256)",
    "function pendingReward(uint256,address) view returns (uint256)",
    "function setFeeAddress(address)",
    "function feeAddress() view returns (address)",
  ],
  PairFactory: ["function getPair(address,address) view returns (address)", "function createPair(address,address) returns (address)"],
  Staking: [
    "function claim(uint256)",
    "function blacklistUser(address)",
    "function lockedPeriod(uint256) view returns (uint256)",
    "function rewardPerBlock(uint256) view returns (uint256)",
    "function fixedAPR(uint256) view returns (uint256)",
    "function stake(uint256,uint256)",
  ],
  Multicall3: [
    "function aggregate3((address,bool,bytes)[]) payable returns ((bool,bytes)[])",
    "function aggregate((address,bytes)[]) payable returns (uint256,bytes[])",
    "function tryAggregate(bool,(address,bytes)[]) payable returns ((bool,bytes)[])",
    "function aggregate3Value((address,bool,uint256,bytes)[]) payable returns ((bool,bytes)[])",
    "function getEthBalance(address) view returns (uint256)",
  ],
};

/** A fragment's shape without parameter names: signature, mutability, output types, indexed flags. */
function shape(fragment: Fragment | null | undefined) {
  if (!fragment) return null;
  if (fragment instanceof FunctionFragment) {
    return {
      sig: fragment.format("sighash"),
      mutability: fragment.stateMutability,
      outputs: fragment.outputs.map((o) => o.format("sighash")),
    };
  }
  if (fragment instanceof EventFragment) return { sig: fragment.format("sighash"), indexed: fragment.inputs.map((i) => i.indexed) };
  return null;
}

describe("ABIs carry every call the product makes", () => {
  it.each(Object.entries(REQUIRED))("%s", (name, signatures) => {
    const actual = new Interface(abiOf(name as ContractName));
    for (const signature of signatures!) {
      const wanted = new Interface([signature]).fragments[0];
      const found =
        wanted instanceof EventFragment ? actual.getEvent(wanted.format("sighash")) : actual.getFunction(wanted.format("sighash"));
      expect({ signature, ...shape(found) }).toEqual({ signature, ...shape(wanted) });
    }
  });
});
