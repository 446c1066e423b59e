import { getContract, mined, SAFE_TX_TYPES, safeContract, safeDomain, safeTx, safeTxArgs, type SafeTx } from "@presale/abis";
import type { LocalChain } from "@presale/abis/node";
import { parseEther } from "ethers";
import type { TestApp } from "./testApp";

/** The Safe-owned demo presale of the local chain, and SafeTx helpers signed by anvil's accounts (owners 0, 1, 2). */
export function safeFixture(app: TestApp) {
  const local: LocalChain = app.services.chain.localChain!;
  const presale = getContract("Presale", local.safePresale!.presaleAddress);
  const busdHardCap = (busd: string) => presale.interface.encodeFunctionData("setBUSDHardCap", [parseEther(busd)]);
  const chainNonce = async () => Number(await safeContract(local.safe, local.provider).nonce());
  const txOf = (data: string, nonce: number): SafeTx => safeTx({ to: local.safePresale!.presaleAddress, data, nonce });
  /** Account `index`'s eth_signTypedData_v4 signature of `tx`, for `safe` on `chainId` (default: the demo Safe on this chain). */
  const sign = async (index: number, tx: SafeTx, chainId: number = local.chainId, safe: string = local.safe) =>
    (await local.signer(index)).signTypedData(safeDomain(chainId, safe), SAFE_TX_TYPES, tx);
  const propose = (token: string, vars: { data: string; signature: string; nonce?: number; safe?: string; to?: string; value?: string }) =>
    app.gql(
      `mutation($safe: String!, $to: String!, $data: String!, $value: String, $nonce: Int, $signature: String!) {
        proposeSafeTransaction(safe: $safe, to: $to, data: $data, value: $value, nonce: $nonce, signature: $signature) {
          safeTxHash nonce status proposer confirmationCount
        }
      }`,
      { safe: local.safe, to: local.safePresale!.presaleAddress, ...vars },
      token,
    );
  const confirm = (token: string, safeTxHash: string, signature: string) =>
    app.gql(
      `mutation($h: String!, $s: String!) { confirmSafeTransaction(safeTxHash: $h, signature: $s) { safeTxHash status confirmations { owner } } }`,
      { h: safeTxHash, s: signature },
      token,
    );
  const stored = async (token: string) => {
    const res = await app.gql(
      `{ allSafeTransactions(sortField: "id", sortOrder: "ASC") { id safeTxHash nonce status signatures executedTxHash confirmations { owner signature } }
         _allSafeConfirmationsMeta { count } }`,
      {},
      token,
    );
    return {
      transactions: res.body.data.allSafeTransactions as any[],
      confirmations: res.body.data._allSafeConfirmationsMeta.count as number,
    };
  };
  /** Sends execTransaction from account `index` (a script outside the admin) with the packed signatures. */
  const execute = async (index: number, tx: SafeTx, signatures: string) => {
    const safe = safeContract(local.safe, await local.signer(index));
    const sent = await safe.execTransaction(...safeTxArgs(tx), signatures);
    return (await mined(sent)).hash;
  };
  return { local, presale, busdHardCap, chainNonce, txOf, sign, propose, confirm, stored, execute };
}
