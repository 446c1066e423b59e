import { createElement, useCallback, useContext, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import type { TransactionReceipt } from "ethers";
import { callSentence } from "../resources/ChainTransaction/sentence";
import { ChainToast } from "./ChainToast";
import { requireChainConfig } from "./config";
import { isOwnerOnly } from "./contracts";
import { humanError } from "./errors";
import { proposeSafeTransaction, readOwnerSafe, type SafeSignResult } from "./safeTransactions";
import { requestTarget, sendTransaction, type TransactionRequest } from "./transactions";
import { WalletContext } from "./WalletContext";

/** Chain errors show at the top right. */
export const CHAIN_ERROR_ANCHOR = { vertical: "top", horizontal: "right" } as const;

export interface ChainActionOptions {
  /** Toast on success ('Transaction succeeded...', 'Sale Started Successfully', …). */
  success?: string;
  /** What happened, shown under the success message ('100,000 DST deposited'). */
  detail?: string;
  /** Prefix of the error toast (default 'Try Again !'); the plain reason follows it. */
  failure?: string;
  /** Called with the receipt once mined, before run resolves (a toast read from the receipt's events). */
  onMined?(receipt: TransactionReceipt): void;
  /** Called when the contract's owner is a Safe and the action was proposed to it instead of sent (run resolves null). */
  onProposed?(result: SafeSignResult): void;
}

/**
 * The Safe that owns the request's contract, for an owner-only call; null otherwise (one read when the connected
 * `account` is the owner itself). A failed read is not a Safe: the EOA flow then runs its own checks and says what is
 * wrong.
 */
async function ownerSafeOf(req: TransactionRequest, account: string | null) {
  if (!(req.ownerOnly ?? isOwnerOnly(req.contract, req.fn))) return null;
  try {
    const config = await requireChainConfig();
    return await readOwnerSafe(req.contract, requestTarget(req, config), { config }, req.wallet?.account ?? account);
  } catch {
    return null;
  }
}

/**
 * sendTransaction with the screens' toasts: the success message (with what
 * happened on a second line when there is a detail), or
 * 'Try Again ! <reason>' at the top right. Resolves with the receipt, or null
 * when it failed (already toasted). `pending` names the running call.
 *
 * When the contract's owner is a Safe multisig, the action is proposed to it
 * instead (dry run from the Safe, the connected owner's signature, stored by
 * the gateway), toasted as 'Proposed to the Safe: <action> — 1 of 2
 * signatures'; it resolves null (nothing mined) after options.onProposed.
 */
export function useChainAction() {
  const notify = useNotify();
  const translate = useTranslate();
  // The connection web3-react holds, as <WalletProvider> gives it (absent outside one: sendTransaction reads the stores).
  const connection = useContext(WalletContext);
  const [pending, setPending] = useState<string | null>(null);
  const eip1193 = connection?.eip1193 ?? null;
  const account = connection?.account ?? null;
  const run = useCallback(
    async (req: TransactionRequest, options: ChainActionOptions = {}): Promise<TransactionReceipt | null> => {
      setPending(req.fn);
      try {
        const safe = await ownerSafeOf(req, account);
        if (safe) {
          const wallet = req.wallet ?? (eip1193 ? { provider: eip1193, account } : null);
          const result = await proposeSafeTransaction(req, safe, wallet);
          const action = callSentence(translate, { contract: req.contract, fn: req.fn, args: req.args, presaleAddress: req.address });
          const message = translate("app.safe.proposed", {
            action,
            count: result.confirmationCount,
            threshold: result.confirmationsRequired,
          });
          notify(message, { type: "success", messageArgs: { _: message } });
          options.onProposed?.(result);
          return null;
        }
        const receipt = await sendTransaction(req);
        options.onMined?.(receipt);
        if (options.success && options.detail)
          notify(createElement(ChainToast, { title: options.success, detail: options.detail, type: "success" }), { type: "success" });
        else if (options.success) notify(options.success, { type: "success", messageArgs: { _: options.success } });
        return receipt;
      } catch (e) {
        const message = `${options.failure ?? "Try Again !"} ${humanError(e)}`;
        notify(message, { type: "error", messageArgs: { _: message }, anchorOrigin: CHAIN_ERROR_ANCHOR });
        return null;
      } finally {
        setPending(null);
      }
    },
    [notify, translate, eip1193, account],
  );
  return { run, pending };
}
