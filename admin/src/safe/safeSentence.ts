import type { TranslateFunction } from "react-admin";
import { interfaceOf, sameAddress, type ContractName } from "../chain";
import { callSentence } from "../resources/ChainTransaction/sentence";

/** The contracts whose owner actions are proposed to a Safe, tried in this order to read a proposal's data. */
const OWNED: ContractName[] = ["Presale", "SaleToken", "Farm"];

/**
 * A proposal's action in words, as the history says it ('Set the BUSD hard cap to 500 BUSD'); a rejection (the empty
 * transaction to the Safe itself) says so; data no contract of the product knows reads as its selector.
 */
export function safeSentence(translate: TranslateFunction, row: { safe: string; to: string; data: string; nonce: number }): string {
  if ((row.data === "0x" || row.data === "") && sameAddress(row.to, row.safe))
    return translate("app.safe.reject_action", { nonce: row.nonce });
  for (const contract of OWNED) {
    try {
      const call = interfaceOf(contract).parseTransaction({ data: row.data });
      if (call) return callSentence(translate, { contract, fn: call.name, args: [...call.args], presaleAddress: row.to });
    } catch {
      // Not this contract's function: try the next one.
    }
  }
  return row.data.slice(0, 10);
}
