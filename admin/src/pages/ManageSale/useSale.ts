/**
 * One presale on the ManageSale screen: its launchpad record, its on-chain
 * values (one Multicall3 read, re-read at or after each mined transaction's
 * block), its history, and `act`, which sends a checked transaction and
 * re-reads everything afterwards.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useGetList, useNotify, useTranslate, type RaRecord } from "react-admin";
import type { TransactionReceipt } from "ethers";
import {
  CHAIN_ERROR_ANCHOR,
  humanError,
  readPresale,
  readSafes,
  useChainAction,
  useWallet,
  type PresaleState,
  type SafeSignResult,
  type TransactionRequest,
} from "../../chain";

export type SaleRequest = Omit<TransactionRequest, "contract"> & {
  contract?: TransactionRequest["contract"];
  /** Called with the receipt once mined, before the re-read (a toast that the receipt's events decide). */
  onMined?(receipt: TransactionReceipt): void;
};

/**
 * What an action did: mined (the receipt and the state read after it), or, when the presale is owned by a Safe,
 * proposed to it (`proposed`: nothing changed on chain yet, `receipt` and `state` null).
 */
export type ActResult =
  | { receipt: TransactionReceipt; state: PresaleState | null; proposed?: undefined }
  | { receipt: null; state: null; proposed: SafeSignResult };

export interface Sale {
  address: string;
  /** The LaunchPad record of this presale, if it is registered. */
  record: RaRecord | undefined;
  recordLoaded: boolean;
  state: PresaleState | null;
  /** The last read's error, in plain words. */
  error: string | null;
  reading: boolean;
  /** Reads again (at or after minBlock); resolves with the new state, or null when the read failed. */
  reload(minBlock?: number): Promise<PresaleState | null>;
  /**
   * Sends one transaction (to the presale unless told otherwise) with the
   * screen's toasts, then re-reads the presale and its history at or after the
   * receipt's block. Resolves with the receipt and the new state, or null.
   * `detail` says what happened, under the success message.
   */
  act(req: SaleRequest, success?: string, detail?: string): Promise<ActResult | null>;
  /** The function being sent, while a transaction is under way. */
  pending: string | null;
  /** A warning toast at the chain position (top right). */
  warn(key: string, type?: "warning" | "info" | "error"): void;
  history: { data: RaRecord[]; total: number | undefined; isPending: boolean; refetch(): void };
  /** How many actions this screen has proposed to the owner Safe (the Safe queue reads again when it changes). */
  proposals: number;
}

export const HISTORY_SIZE = 10;

export function useSaleState(address: string): Sale {
  const { status } = useWallet();
  const notify = useNotify();
  const translate = useTranslate();
  const records = useGetList("LaunchPad", {
    filter: { presaleAddress: address },
    pagination: { page: 1, perPage: 1 },
    sort: { field: "id", order: "ASC" },
  });
  const record = records.data?.[0];
  const recordLoaded = !records.isPending;
  const history = useGetList("transactions", {
    filter: { presaleAddress: address },
    pagination: { page: 1, perPage: HISTORY_SIZE },
    sort: { field: "blockNumber", order: "DESC" },
  });

  const [state, setState] = useState<PresaleState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const seq = useRef(0);
  // The token last read from the presale: it lets the token's values come in the same call.
  const tokenHint = useRef<string | undefined>(undefined);
  // The owner last read, and whether it is a Safe.
  const ownerOf = useRef<{ owner: string; safe: boolean } | undefined>(undefined);
  const recordToken = record?.tokenAddress as string | undefined;

  const reload = useCallback(
    async (minBlock?: number) => {
      const sequence = ++seq.current;
      setReading(true);
      try {
        const known = ownerOf.current;
        const read = await readPresale(address, {
          minBlock,
          tokenHint: tokenHint.current ?? recordToken,
          // A Safe's reads come with the others once it is known (its nonce and owners change with its transactions).
          ...(known?.safe ? { ownerHint: known.owner } : {}),
        });
        // An account stays an account: its Safe reads (which answer nothing) are made once, in a second call.
        const ownerSafe =
          read.ownerSafe !== undefined
            ? read.ownerSafe
            : known && known.owner === read.owner && !known.safe
              ? null
              : ((await readSafes([read.owner], { blockTag: read.blockNumber })).get(read.owner.toLowerCase()) ?? null);
        const next = { ...read, ownerSafe };
        if (sequence === seq.current) {
          tokenHint.current = next.tokenAddress;
          ownerOf.current = { owner: next.owner, safe: !!next.ownerSafe };
          setState(next);
          setError(null);
        }
        return next;
      } catch (e) {
        if (sequence === seq.current) setError(humanError(e));
        return null;
      } finally {
        if (sequence === seq.current) setReading(false);
      }
    },
    [address, recordToken],
  );

  // First read once the chain config and the launchpad record (the token hint) are in.
  const started = useRef(false);
  useEffect(() => {
    if (status !== "ready" || !recordLoaded || started.current) return;
    started.current = true;
    void reload();
  }, [status, recordLoaded, reload]);

  const { run, pending } = useChainAction();
  // Bumped by each proposal to the owner Safe: the queue reads again at once (the change stream follows too).
  const [proposals, setProposals] = useState(0);
  const refetchHistory = history.refetch;
  const refetchRecord = records.refetch;
  const act = useCallback<Sale["act"]>(
    async ({ onMined, ...req }, success, detail) => {
      let proposed: SafeSignResult | undefined;
      const receipt = await run({ contract: "Presale", address, ...req } as TransactionRequest, {
        success,
        detail,
        onMined,
        onProposed: (result) => (proposed = result),
      });
      if (proposed) {
        setProposals((n) => n + 1);
        return { receipt: null, state: null, proposed };
      }
      void refetchHistory();
      // The gateway updates the launchpad record from some mined transactions (setTokenAddress).
      void refetchRecord();
      if (!receipt) return null;
      const next = await reload(receipt.blockNumber);
      return { receipt, state: next };
    },
    [run, address, reload, refetchHistory, refetchRecord],
  );

  const warn = useCallback<Sale["warn"]>(
    (key, type = "warning") => {
      const message = translate(key, { _: key });
      notify(message, { type, messageArgs: { _: message }, anchorOrigin: CHAIN_ERROR_ANCHOR });
    },
    [notify, translate],
  );

  const { data, total, isPending } = history;
  const historyView = useMemo(
    () => ({ data: data ?? [], total, isPending, refetch: () => void refetchHistory() }),
    [data, total, isPending, refetchHistory],
  );
  return useMemo(
    () => ({ address, record, recordLoaded, state, error, reading, reload, act, pending, warn, history: historyView, proposals }),
    [address, record, recordLoaded, state, error, reading, reload, act, pending, warn, historyView, proposals],
  );
}

export const SaleContext = createContext<Sale | null>(null);

export function useSale(): Sale {
  const sale = useContext(SaleContext);
  if (!sale) throw new Error("useSale() needs the ManageSale screen around it");
  return sale;
}
