import DeleteIcon from "@mui/icons-material/Delete";
import { CircularProgress, IconButton, Tooltip } from "@mui/material";
import { useContext, useState } from "react";
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from "react-admin";
import { CHAIN_ERROR_ANCHOR, useChainAction, useWallet } from "../../chain";
import { ChainStatusContext } from "./chainStatus";

const LABELS = "resources.blocklist";

/**
 * The row's delete: unblocks the address on the token (removeBlacklist, from
 * the connected wallet), then removes it from the list. When the chain already
 * says it is not blocked, only the list entry goes.
 */
export function RemoveBlockedButton({ onDone }: { onDone(minBlock?: number): void }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const statuses = useContext(ChainStatusContext);
  const { account } = useWallet();
  const { run } = useChainAction();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const address = String(record.walletAddress);
  const label = translate("ra.action.delete");
  const toast = (key: string, type: "error" | "success", args: Record<string, unknown> = {}) => {
    const message = translate(key, args);
    notify(message, { type, messageArgs: { _: message }, ...(type === "error" ? { anchorOrigin: CHAIN_ERROR_ANCHOR } : {}) });
  };
  const remove = async () => {
    if (!account) return toast(`${LABELS}.connect_first`, "error");
    setBusy(true);
    try {
      let minBlock: number | undefined;
      if (statuses[address.toLowerCase()] !== false) {
        const receipt = await run({ contract: "SaleToken", fn: "removeBlacklist", args: [address] });
        if (!receipt) return;
        minBlock = receipt.blockNumber;
      }
      try {
        await dataProvider.delete("blocklist", { id: record.id, previousData: record });
        toast(`${LABELS}.removed`, "success");
      } catch (e) {
        toast(`${LABELS}.removed_failed`, "error", { error: (e as Error)?.message ?? String(e) });
      }
      onDone(minBlock);
      refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={remove} disabled={busy} size="small" color="error">
          {busy ? <CircularProgress size={18} /> : <DeleteIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
