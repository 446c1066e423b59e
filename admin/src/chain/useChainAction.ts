import { createElement, useCallback, useState } from "react";
import { useNotify } from "react-admin";
import type { TransactionReceipt } from "ethers";
import { ChainToast } from "./ChainToast";
import { humanError } from "./errors";
import { sendTransaction, type TransactionRequest } from "./transactions";

/** Chain errors show at the top right (SPEC section 9). */
export const CHAIN_ERROR_ANCHOR = { vertical: "top", horizontal: "right" } as const;

export interface ChainActionOptions {
  /** Toast on success ('Transaction succeeded...', 'Sale Started Successfully', …). */
  success?: string;
  /** What happened, shown under the success message ('100,000 DST deposited'). */
  detail?: string;
  /** Prefix of the error toast (default 'Try Again !'); the plain reason follows it. */
  failure?: string;
}

/**
 * sendTransaction with the screens' toasts: the success message (with what
 * happened on a second line when there is a detail), or
 * 'Try Again ! <reason>' at the top right. Resolves with the receipt, or null
 * when it failed (already toasted). `pending` names the running call.
 */
export function useChainAction() {
  const notify = useNotify();
  const [pending, setPending] = useState<string | null>(null);
  const run = useCallback(
    async (req: TransactionRequest, options: ChainActionOptions = {}): Promise<TransactionReceipt | null> => {
      setPending(req.fn);
      try {
        const receipt = await sendTransaction(req);
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
    [notify],
  );
  return { run, pending };
}
