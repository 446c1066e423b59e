import { Button, CircularProgress, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useState } from "react";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { CHAIN_ERROR_ANCHOR, checkAddress, humanError, readBlacklisted, useChainAction, useWallet } from "../../chain";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";

const LABELS = "resources.blocklist";
/** An address is 42 characters: the check starts there. */
export const ADDRESS_LENGTH = 42;

export const addressError = (text: string) => (text.trim().length >= ADDRESS_LENGTH && !checkAddress(text) ? `${LABELS}.invalid` : null);

/**
 * The add-to-blocklist modal: one wallet address, Close and Add. Add blocks the
 * address on the token (addBlacklistedUser, from the connected wallet), then
 * saves it in the list.
 */
export function AddBlocklistDialog({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(minBlock?: number): void }) {
  return (
    <ResponsiveDialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="blocklist-add-title">
      {open && <AddForm onClose={onClose} onDone={onDone} />}
    </ResponsiveDialog>
  );
}

function AddForm({ onClose, onDone }: { onClose(): void; onDone(minBlock?: number): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { account } = useWallet();
  const { run, pending } = useChainAction();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = error ?? addressError(text);
  const toast = (key: string, type: "error" | "warning" | "success" = "error", args: Record<string, unknown> = {}) => {
    const message = translate(key, args);
    notify(message, { type, messageArgs: { _: message }, ...(type === "success" ? {} : { anchorOrigin: CHAIN_ERROR_ANCHOR }) });
  };

  const add = async () => {
    if (!account) return toast(`${LABELS}.connect_first`);
    const address = checkAddress(text);
    if (!address) return setError(`${LABELS}.invalid`);
    setSaving(true);
    try {
      const { data: listed } = await dataProvider.getList("blocklist", {
        filter: { walletAddress: address },
        pagination: { page: 1, perPage: 1 },
        sort: { field: "id", order: "ASC" },
      });
      const blocked = (await readBlacklisted([address])).get(address);
      if (listed.length > 0 && blocked) return toast(`${LABELS}.already_listed`, "warning");
      let minBlock: number | undefined;
      if (!blocked) {
        let proposed = false;
        const receipt = await run(
          { contract: "SaleToken", fn: "addBlacklistedUser", args: [address] },
          { onProposed: () => (proposed = true) },
        );
        // A token owned by a Safe: the block is proposed to it (its toast said so); the list entry waits for the chain.
        if (proposed) return onClose();
        if (!receipt) return;
        minBlock = receipt.blockNumber;
      }
      if (listed.length === 0) {
        try {
          await dataProvider.create("blocklist", { data: { walletAddress: address } });
        } catch (e) {
          toast(`${LABELS}.saved_failed`, "error", { error: (e as Error)?.message ?? String(e) });
          onDone(minBlock);
          return;
        }
      }
      toast(`${LABELS}.added`, "success");
      onDone(minBlock);
      onClose();
    } catch (e) {
      // The list or the chain could not be read: nothing was sent.
      const message = `Try Again ! ${humanError(e)}`;
      notify(message, { type: "error", messageArgs: { _: message }, anchorOrigin: CHAIN_ERROR_ANCHOR });
    } finally {
      setSaving(false);
    }
  };

  const busy = saving || pending !== null;
  return (
    <>
      <DialogTitle id="blocklist-add-title">{translate(`${LABELS}.add_title`)}</DialogTitle>
      <DialogContent dividers>
        <TextField
          label={translate(`${LABELS}.fields.walletAddress`)}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          error={!!shown}
          helperText={shown ? translate(shown) : undefined}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate("app.form.close")}
        </Button>
        <Button
          variant="contained"
          onClick={add}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate("app.form.add")}
        </Button>
      </DialogActions>
    </>
  );
}
