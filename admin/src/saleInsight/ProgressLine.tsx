import { Box, LinearProgress, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { formatAmount } from "../chain/units";
import { percentOf } from "./figures";

const show = (value: bigint) => formatAmount(value, 18, { group: true, maxFractionDigits: 6 });

/** One currency's raised amount against its hard cap (both 18-decimal base units): a bar and the exact figures. */
export function ProgressLine({ currency, raised, cap, dense }: { currency: string; raised: bigint; cap: bigint; dense?: boolean }) {
  const translate = useTranslate();
  const percent = percentOf(raised, cap);
  const text =
    percent === null
      ? translate("app.sale_insight.raised_no_cap", { raised: show(raised), currency })
      : translate("app.sale_insight.raised_of_cap", { raised: show(raised), cap: show(cap), currency, percent });
  return (
    <Box sx={{ minWidth: dense ? 160 : undefined }} data-testid={`progress-${currency}`}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, percent ?? 0)}
        aria-label={translate("app.sale_insight.progress_of", { currency })}
        aria-valuetext={text}
        sx={{ height: dense ? 6 : 10, borderRadius: 1 }}
      />
      <Typography variant={dense ? "caption" : "body2"} color="text.secondary" component="div">
        {text}
      </Typography>
    </Box>
  );
}
