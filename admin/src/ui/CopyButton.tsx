import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { IconButton } from "@mui/material";
import { useNotify, useTranslate } from "react-admin";

/** Copies text: the Clipboard API, else a hidden textarea and execCommand (older or locked-down browsers). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** A small button that copies a value shown shortened (a hash, an address); `label` names it for screen readers and as its tooltip. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    const ok = await copyText(value);
    notify(ok ? "app.transactions.copied" : "app.transactions.copy_failed", { type: ok ? "info" : "error" });
  };
  return (
    <IconButton size="small" onClick={() => void copy()} aria-label={translate(label)} title={translate(label)} sx={{ p: 0.25 }}>
      <ContentCopyIcon sx={{ fontSize: 14 }} />
    </IconButton>
  );
}
