import { Alert } from "@mui/material";
import { useTranslate } from "react-admin";
import type { ChainIndexStatus } from "./api";

/** Says when the figures are not the chain's current ones: the indexer is off, behind, or failing. Nothing when it is current. */
export function IndexerStatus({ status }: { status: ChainIndexStatus | undefined }) {
  const translate = useTranslate();
  if (!status) return null;
  if (!status.enabled) return <Alert severity="info">{translate("app.sale_insight.indexer_off")}</Alert>;
  const behind = status.behind ?? 0;
  return (
    <>
      {behind > 0 && <Alert severity="warning">{translate("app.sale_insight.indexer_behind", { smart_count: behind })}</Alert>}
      {status.lastError && <Alert severity="warning">{translate("app.sale_insight.indexer_error", { error: status.lastError })}</Alert>}
    </>
  );
}
