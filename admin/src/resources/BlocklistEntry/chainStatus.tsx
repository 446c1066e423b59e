import { Alert, Chip } from "@mui/material";
import { createContext, useContext, useEffect } from "react";
import { useListContext, useRecordContext, useTranslate } from "react-admin";
import { readBlacklisted, useWallet } from "../../chain";

/** isBlacklisted on the sale token, by lower-case address (undefined: not read, or the read failed). */
export type ChainStatuses = Record<string, boolean | undefined>;

export const ChainStatusContext = createContext<ChainStatuses>({});

export interface ChainRead {
  /** Bumped after each mined transaction, so the page is read again... */
  version: number;
  /** ...at or after that transaction's block. */
  minBlock?: number;
}

/**
 * Inside the list: reads isBlacklisted for every address of the page in one
 * call whenever the page or `read` changes, hands the answers up, and says how
 * many rows disagree with the chain.
 */
export function ChainStatusLoader({
  read,
  statuses,
  onLoaded,
}: {
  read: ChainRead;
  statuses: ChainStatuses;
  onLoaded(s: ChainStatuses): void;
}) {
  const translate = useTranslate();
  const { status } = useWallet();
  const { data } = useListContext();
  const addresses = (data ?? []).map((r) => String(r.walletAddress));
  const key = addresses.join(",");
  useEffect(() => {
    if (status !== "ready" || !key) return;
    let live = true;
    readBlacklisted(key.split(","), { minBlock: read.minBlock })
      .then((map) => {
        if (live) onLoaded(Object.fromEntries([...map].map(([a, v]) => [a.toLowerCase(), v])));
      })
      .catch((e) => {
        console.warn("Could not read the blocklist from the chain:", e);
        if (live) onLoaded({});
      });
    return () => {
      live = false;
    };
  }, [status, key, read.version, read.minBlock, onLoaded]);
  if (status === "off") return <Alert severity="info">{translate("resources.blocklist.chain_off")}</Alert>;
  const mismatches = addresses.filter((a) => statuses[a.toLowerCase()] === false).length;
  if (mismatches === 0) return null;
  return (
    <Alert severity="warning" data-testid="blocklist-mismatch">
      {translate("resources.blocklist.mismatch", { smart_count: mismatches })}
    </Alert>
  );
}

/** The row's on-chain state: blocked, or marked when the chain disagrees with the list. */
export function ChainStatusCell() {
  const record = useRecordContext();
  const statuses = useContext(ChainStatusContext);
  const translate = useTranslate();
  if (!record) return null;
  const onChain = statuses[String(record.walletAddress).toLowerCase()];
  if (onChain === true)
    return <Chip size="small" color="success" variant="outlined" label={translate("resources.blocklist.chain_blocked")} />;
  if (onChain === false) return <Chip size="small" color="warning" label={translate("resources.blocklist.chain_mismatch")} />;
  return <Chip size="small" variant="outlined" label={translate("resources.blocklist.chain_unknown")} />;
}
