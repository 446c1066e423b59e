import { Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslate } from "react-admin";
import { duration, secondsUntil } from "./figures";

/** 'N left' until a unix end time, 'Ended' after it, 'Not open' when the sale is not open; ticks each minute (no request). */
export function TimeLeft({ open, endTime, variant = "body2" }: { open: boolean; endTime: bigint; variant?: "body2" | "caption" }) {
  const translate = useTranslate();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [open]);
  const left = secondsUntil(endTime, now);
  const text = !open
    ? translate("app.sale_insight.not_open")
    : left === null
      ? translate("app.sale_insight.ended")
      : translate("app.sale_insight.time_left", { time: duration(left) });
  return (
    <Typography variant={variant} component="div" data-testid="time-left">
      {text}
    </Typography>
  );
}
