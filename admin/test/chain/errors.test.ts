import fs from "node:fs";
import path from "node:path";
import { AbiCoder, Interface, makeError } from "ethers";
import { OWNER_ONLY, type ContractName } from "../../src/chain/contracts";
import { ChainError, decodeRevertData, errorKind, humanError, revertReason, toChainError } from "../../src/chain/errors";

const coder = AbiCoder.defaultAbiCoder();
const errorString = (reason: string) => "0x08c379a0" + coder.encode(["string"], [reason]).slice(2);
const panic = (code: number) => "0x4e487b71" + coder.encode(["uint256"], [code]).slice(2);

/** A CALL_EXCEPTION as ethers 6 throws it from eth_call / estimateGas. */
const callException = (data: string) => {
  try {
    return makeError("execution reverted", "CALL_EXCEPTION", {
      action: "call",
      data,
      reason: null,
      transaction: { to: null, data: "0x" },
      invocation: null,
      revert: null,
    });
  } catch (e) {
    return e;
  }
};

describe("humanError", () => {
  it("says the user rejected the request, however the wallet wraps it", () => {
    expect(humanError(makeError("user rejected action", "ACTION_REJECTED", { action: "sendTransaction", reason: "rejected" }))).toBe(
      "Transaction rejected in the wallet",
    );
    expect(humanError({ code: 4001, message: "MetaMask Tx Signature: User denied transaction signature." })).toBe(
      "Transaction rejected in the wallet",
    );
    expect(humanError({ code: -32603, message: "Internal", data: { originalError: { code: 4001, message: "nope" } } })).toBe(
      "Transaction rejected in the wallet",
    );
  });

  it("maps the presale's known revert reasons to the screens' words", () => {
    expect(humanError(makeError("execution reverted", "CALL_EXCEPTION", { reason: "Presale: deposit tokens first" } as never))).toBe(
      "Deposit tokens first!!!",
    );
    expect(humanError(callException(errorString("Presale: close the sale first")))).toBe("Ensure that sale is stop or Not");
  });

  it("shows any other revert reason as the contract wrote it", () => {
    expect(humanError(callException(errorString("Presale: sale is already open")))).toBe("Presale: sale is already open");
    // MetaMask-style nesting: the revert data deep inside the wallet's error
    const wallet = {
      code: -32603,
      message: "Internal JSON-RPC error.",
      data: { code: 3, message: "execution reverted", data: errorString("Presale: zero amount") },
    };
    expect(humanError({ code: "UNKNOWN_ERROR", error: wallet, message: "could not coalesce error" })).toBe("Presale: zero amount");
    // only a message, as some nodes answer
    expect(humanError({ message: "execution reverted: SaleToken: recipient is blacklisted" })).toBe("SaleToken: recipient is blacklisted");
    expect(humanError(callException("0x"))).toBe("The contract refused the transaction (reverted without a reason)");
  });

  it("decodes panics and custom errors", () => {
    expect(humanError(callException(panic(0x11)))).toBe("Panic: arithmetic overflow or underflow");
    const iface = new Interface(["error NotEnough(uint256 have, uint256 want)"]);
    const data = iface.encodeErrorResult("NotEnough", [1n, 2n]);
    expect(decodeRevertData(data, [iface])).toBe("NotEnough(1, 2)");
    expect(decodeRevertData("0xdeadbeef", [iface])).toBeUndefined();
  });

  it("names missing funds, unreachable nodes, pending requests", () => {
    expect(humanError(makeError("insufficient funds", "INSUFFICIENT_FUNDS", { transaction: {} as never }))).toMatch(/^Insufficient funds/);
    expect(humanError({ code: -32000, message: "insufficient funds for gas * price + value" })).toMatch(/^Insufficient funds/);
    expect(humanError(new TypeError("Failed to fetch"))).toBe("Cannot reach the chain: check the connection and try again");
    expect(humanError({ code: -32002, message: "Request of type 'wallet_requestPermissions' already pending" })).toMatch(/already waiting/);
    expect(humanError(new Error("something odd"))).toBe("something odd");
  });

  it("keeps ChainError messages and kinds", () => {
    const error = new ChainError("not-owner", "The connected wallet 0xA is not the owner of this presale (owner 0xB)");
    expect(humanError(error)).toBe(error.message);
    expect(toChainError(error)).toBe(error);
    const wrapped = toChainError(callException(errorString("Presale: deposit tokens first")));
    expect(wrapped).toBeInstanceOf(ChainError);
    expect(wrapped.kind).toBe("revert");
    expect(wrapped.reason).toBe("Presale: deposit tokens first");
    expect(wrapped.message).toBe("Deposit tokens first!!!");
    expect(errorKind({ code: 4001 })).toBe("rejected");
    expect(revertReason(new Error("nothing"))).toBeUndefined();
  });
});

describe("OWNER_ONLY", () => {
  it("lists exactly the onlyOwner functions of the contracts' sources", () => {
    const dir = path.join(__dirname, "../../../abis/contracts");
    // Every contract of the sources (deployed ones and the bases in lib/): its bases and its own onlyOwner functions.
    const contracts = new Map<string, { deployed: boolean; bases: string[]; ownerOnly: string[] }>();
    for (const [folder, deployed] of [[dir, true] as const, [path.join(dir, "lib"), false] as const]) {
      for (const file of fs.readdirSync(folder).filter((f) => f.endsWith(".sol"))) {
        const source = fs.readFileSync(path.join(folder, file), "utf8");
        const declaration = /^(?:abstract\s+)?contract\s+(\w+)(?:\s+is\s+([^{]*))?\{/m.exec(source);
        if (!declaration) continue;
        const bases = (declaration[2] ?? "")
          .split(",")
          .map((base) => base.trim())
          .filter(Boolean);
        const ownerOnly = [...source.matchAll(/function\s+(\w+)\s*\(([^{;]*)\{/g)]
          .filter((m) => /\bonlyOwner\b/.test(m[2]))
          .map((m) => m[1]);
        contracts.set(declaration[1], { deployed, bases, ownerOnly });
      }
    }
    // Ownable's own two, then what each base in between adds.
    const inherited = (name: string): string[] | null => {
      if (name === "Ownable") return ["transferOwnership", "renounceOwnership"];
      const contract = contracts.get(name);
      const fromBases = contract?.bases.map(inherited).filter((fns) => fns !== null) ?? [];
      return contract && fromBases.length > 0 ? [...contract.ownerOnly, ...fromBases.flat()] : null;
    };
    const found: Record<string, string[]> = {};
    for (const [name, contract] of contracts) {
      const fns = contract.deployed ? inherited(name) : null;
      if (fns) found[name] = fns.sort();
    }
    const table = Object.fromEntries(Object.entries(OWNER_ONLY).map(([k, v]) => [k, [...(v ?? [])].sort()]));
    expect(table).toEqual(found);
    expect(Object.keys(found).sort()).toEqual([
      "Farm",
      "Presale",
      "PresaleFactory",
      "SaleToken",
      "StableCoin",
      "Staking",
    ] satisfies ContractName[]);
  });
});
