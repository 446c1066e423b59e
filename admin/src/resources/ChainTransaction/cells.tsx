import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { Chip, Link } from "@mui/material";
import { Link as RouterLink } from "react-router-dom";
import { useTranslate } from "react-admin";
import { CopyButton } from "../../ui/CopyButton";
import { txSentence, type TxToken } from "./sentence";
import { shorten } from "../../ui/shorten";
import { addressUrl, txUrl } from "./useExplorerUrl";

const mono = { fontFamily: "monospace", whiteSpace: "nowrap" } as const;

/** A transaction hash, shortened (`short`: its first 6 and last 4 characters), linked to the explorer when the chain has one, with a copy button. */
export function TxHash({ hash, explorerUrl, short }: { hash: string; explorerUrl: string | null; short?: boolean }) {
  const translate = useTranslate();
  const url = txUrl(explorerUrl, hash);
  const text = short ? shorten(hash, 6, 4) : shorten(hash);
  return (
    <span style={{ whiteSpace: "nowrap" }}>
      {url ? (
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          title={translate("app.transactions.explorer")}
          data-hash={hash}
          sx={mono}
        >
          {text} <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: "middle" }} />
        </Link>
      ) : (
        <span title={hash} data-hash={hash} style={mono}>
          {text}
        </span>
      )}
      <CopyButton value={hash} label="app.transactions.copy_hash" />
    </span>
  );
}

/** An address, shortened, linked to the explorer when the chain has one, with a copy button. */
export function Address({ address, explorerUrl }: { address: string | null | undefined; explorerUrl: string | null }) {
  if (!address) return null;
  const url = addressUrl(explorerUrl, address);
  const text = shorten(address, 6, 4);
  return (
    <span style={{ whiteSpace: "nowrap" }}>
      {url ? (
        <Link href={url} target="_blank" rel="noopener noreferrer" title={address} sx={mono}>
          {text}
        </Link>
      ) : (
        <span title={address} style={mono}>
          {text}
        </span>
      )}
      <CopyButton value={address} label="app.transactions.copy_address" />
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

/** What a transaction did, as a sentence; the raw call (contract, function, arguments) in its tooltip. */
export function TxCall({
  tx,
  token,
}: {
  tx: { contract?: string; functionName: string; args?: string | null; presaleAddress?: string | null };
  token?: TxToken | null;
}) {
  const translate = useTranslate();
  return (
    <span title={`${tx.contract ? `${tx.contract}.` : ""}${tx.functionName}(${tx.args ?? ""})`} data-function={tx.functionName}>
      {txSentence(translate, tx, token)}
    </span>
  );
}
