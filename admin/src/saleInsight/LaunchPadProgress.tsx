/**
 * The LaunchPad list's progress cell (loaded lazily with the chain layer, so
 * the list's own chunk does not grow): every presale of the page is read in
 * ONE Multicall3 call, shared by the page's cells.
 */
import { Stack, Typography } from "@mui/material";
import { useRecordContext, useTranslate } from "react-admin";
import { ProgressLine } from "./ProgressLine";
import { readPresaleProgress } from "./progress";
import { usePageRead } from "./usePageRead";

export default function LaunchPadProgress() {
  const translate = useTranslate();
  const record = useRecordContext();
  const page = usePageRead({
    name: "presaleProgress",
    keyOf: (r) => ({ id: String(r.presaleAddress) }),
    read: readPresaleProgress,
  });
  if (page.isPending) return <Typography variant="caption">{translate("app.sale_insight.reading")}</Typography>;
  const progress = record && page.data?.get(String(record.presaleAddress));
  if (!progress) return <>{translate("app.sale_insight.chain_off")}</>;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 180 }}>
      <ProgressLine currency="BNB" raised={progress.ethEarned} cap={progress.hardCap} dense />
      <ProgressLine currency="BUSD" raised={progress.busdEarned} cap={progress.busdHardCap} dense />
    </Stack>
  );
}
