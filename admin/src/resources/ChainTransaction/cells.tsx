import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { Chip, Link } from "@mui/material";
import { Link as RouterLink } from "react-router-dom";
import { useTranslate } from "react-admin";
import { addressUrl, txUrl } from "./useExplorerUrl";

/** '0x1234...abcd': the head and tail of a hash or address (the whole value in the tooltip and the exports). */
export const shorten = (value: string | null | undefined, head = 10, tail = 8) =>
  !value ? "" : value.length <= head + tail + 3 ? value : `${value.slice(0, head)}...${value.slice(-tail)}`;

const mono = { fontFamily: "monospace", whiteSpace: "nowrap" } as const;

/** A transaction hash, linked to the explorer when the chain has one. */
export function TxHash({ hash, explorerUrl }: { hash: string; explorerUrl: string | null }) {
  const translate = useTranslate();
  const url = txUrl(explorerUrl, hash);
  if (!url)
    return (
      <span title={hash} data-hash={hash} style={mono}>
        {shorten(hash)}
      </span>
    );
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" title={translate("app.transactions.explorer")} data-hash={hash} sx={mono}>
      {shorten(hash)} <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: "middle" }} />
    </Link>
  );
}

/** An address, linked to the explorer when the chain has one. */
export function Address({ address, explorerUrl }: { address: string | null | undefined; explorerUrl: string | null }) {
  if (!address) return null;
  const url = addressUrl(explorerUrl, address);
  const text = shorten(address, 6, 4);
  return url ? (
    <Link href={url} target="_blank" rel="noopener noreferrer" title={address} sx={mono}>
      {text}
    </Link>
  ) : (
    <span title={address} style={mono}>
      {text}
    </span>
  );
}

/** The presale an entry concerns, linked to its ManageSale screen. */
export function PresaleLink({ address }: { address: string | null | undefined }) {
  const translate = useTranslate();
  if (!address) return null;
  return (
    <Link component={RouterLink} to={`/ManageSale/${address}`} title={`${translate("app.transactions.manage")}: ${address}`} sx={mono}>
      {shorten(address, 6, 4)}
    </Link>
  );
}

export function TxStatus({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={status === "success" ? "success" : "error"}
      variant="outlined"
      label={translate(`app.transactions.status.${status}`, { _: status })}
    />
  );
}

/** The decoded arguments (JSON) as 'name: value' pairs. */
export function TxArgs({ args }: { args: string | null | undefined }) {
  if (!args) return null;
  let text = args;
  try {
    const parsed = JSON.parse(args) as Record<string, unknown>;
    text = Object.entries(parsed)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? `[${v.length}]` : String(v)}`)
      .join(", ");
  } catch {
    // shown as stored
  }
  return (
    // Addresses in the arguments have no break point: let them wrap so the column stays narrow on a laptop.
    <span title={args} style={{ fontSize: "0.8rem", display: "inline-block", maxWidth: "12rem", overflowWrap: "anywhere" }}>
      {text.length > 80 ? `${text.slice(0, 80)}…` : text}
    </span>
  );
}
