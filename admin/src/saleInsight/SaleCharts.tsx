/**
 * The presale's charts (loaded lazily with @mui/x-charts): cumulative raised
 * per currency over time with its hard cap as a line, and contributions per
 * day. Plot positions are numbers; every figure shown as text (tooltips,
 * captions) comes from the exact decimal strings.
 */
import { Box, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { ChartsReferenceLine } from "@mui/x-charts/ChartsReferenceLine";
import { LineChart } from "@mui/x-charts/LineChart";
import { useTranslate } from "react-admin";
import { formatAmount } from "../chain/units";
import { SaleSection } from "../pages/ManageSale/SaleSection";
import type { PresaleStats, TimelinePoint } from "./api";
import { compactNumber } from "./figures";
import { useTimeline } from "./useSaleInsight";

const LABELS = "app.sale_insight";
const HEIGHT = 240;

const exact = (wei: string) => formatAmount(BigInt(wei), 18, { group: true, maxFractionDigits: 6 });
/** For plotting only (a position on the axis), never for a figure shown. */
const plot = (wei: string) => Number(formatAmount(BigInt(wei), 18));

/** A day on the per-day axis: 'May 1'. */
const dayLabel = (at: string) => new Date(at).toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" });

/** Fewer than two points draw no line: a dot and the state in words instead. */
function SinglePoint({ point, currency, contributions }: { point: TimelinePoint | undefined; currency: string; contributions: number }) {
  const translate = useTranslate();
  const key = currency === "BNB" ? "cumulativeBnb" : "cumulativeBusd";
  return (
    <Box
      data-testid={`chart-single-${currency}`}
      sx={{ height: HEIGHT, display: "flex", alignItems: "center", justifyContent: "center", gap: 1.5, px: 2, textAlign: "left" }}
    >
      <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: "primary.main", flexShrink: 0 }} />
      <Box>
        {!point || BigInt(point[key]) === 0n ? (
          <Typography>{translate(`${LABELS}.single_point_none`, { currency })}</Typography>
        ) : (
          <>
            <Typography>{translate(`${LABELS}.single_point`, { smart_count: contributions })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`${LABELS}.single_point_detail`, {
                raised: exact(point[key]),
                currency,
                at: new Date(point.at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
              })}
            </Typography>
          </>
        )}
      </Box>
    </Box>
  );
}

function CumulativeChart({
  currency,
  points,
  cap,
  contributions,
}: {
  currency: "BNB" | "BUSD";
  points: TimelinePoint[];
  cap: string | null;
  contributions: number;
}) {
  const translate = useTranslate();
  const key = currency === "BNB" ? "cumulativeBnb" : "cumulativeBusd";
  const label = translate(`${LABELS}.cumulative_label`, { currency });
  const last = points.at(-1)?.[key] ?? "0";
  const summary = cap
    ? translate(`${LABELS}.cumulative_summary`, { raised: exact(last), cap: exact(cap), currency })
    : translate(`${LABELS}.raised_no_cap`, { raised: exact(last), currency });
  const capValue = cap && BigInt(cap) > 0n ? plot(cap) : null;
  const highest = Math.max(capValue ?? 0, ...points.map((p) => plot(p[key])));
  return (
    <Box role="figure" aria-label={label} data-testid={`chart-cumulative-${currency}`} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      {points.length < 2 ? (
        <SinglePoint point={points[0]} currency={currency} contributions={contributions} />
      ) : (
        <LineChart
          height={HEIGHT}
          xAxis={[{ data: points.map((p) => new Date(p.at)), scaleType: "time" }]}
          yAxis={[{ min: 0, max: highest > 0 ? highest * 1.05 : 1, valueFormatter: (v: number) => compactNumber(v) }]}
          series={[
            {
              data: points.map((p) => plot(p[key])),
              label,
              curve: "stepAfter",
              valueFormatter: (_v, { dataIndex }) => `${exact(points[dataIndex][key])} ${currency}`,
            },
          ]}
        >
          {capValue !== null && (
            <ChartsReferenceLine
              y={capValue}
              label={translate(`${LABELS}.hard_cap_label`, { currency })}
              lineStyle={{ strokeDasharray: "6 4" }}
            />
          )}
        </LineChart>
      )}
      <Typography variant="caption" color="text.secondary" component="p">
        {summary}
      </Typography>
    </Box>
  );
}

function PerDayChart({ points }: { points: TimelinePoint[] }) {
  const translate = useTranslate();
  const label = translate(`${LABELS}.per_day_title`);
  return (
    <Box role="figure" aria-label={label} data-testid="chart-per-day" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <BarChart
        height={HEIGHT}
        xAxis={[{ data: points.map((p) => dayLabel(p.at)), scaleType: "band" }]}
        yAxis={[{ valueFormatter: (v: number) => compactNumber(v), tickMinStep: 1 }]}
        series={[{ data: points.map((p) => p.contributions), label: translate(`${LABELS}.per_day_label`) }]}
      />
    </Box>
  );
}

/** The charts of one presale; fetched again when the indexed block moves. */
export default function SaleCharts({ address, stats }: { address: string; stats: PresaleStats }) {
  const translate = useTranslate();
  const hours = useTimeline(address, "hour", stats.indexedBlock);
  const days = useTimeline(address, "day", stats.indexedBlock);
  const hourly = hours.data ?? [];
  // The line starts at the sale's start with nothing raised, so a first purchase draws a rise rather than a lone dot.
  const start = stats.startTime && hourly.length && new Date(stats.startTime) < new Date(hourly[0].at) ? stats.startTime : null;
  const cumulative = start
    ? [{ at: start, bnb: "0", busd: "0", cumulativeBnb: "0", cumulativeBusd: "0", contributions: 0 }, ...hourly]
    : hourly;
  return (
    <SaleSection title={translate(`${LABELS}.charts`)}>
      {hourly.length === 0 ? (
        <Typography color="text.secondary">{translate(`${LABELS}.no_contributions`)}</Typography>
      ) : (
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(3, minmax(0, 1fr))" },
          }}
        >
          <CumulativeChart currency="BNB" points={cumulative} cap={stats.hardCapBnb} contributions={stats.contributions} />
          <CumulativeChart currency="BUSD" points={cumulative} cap={stats.hardCapBusd} contributions={stats.contributions} />
          <PerDayChart points={days.data ?? []} />
        </Box>
      )}
    </SaleSection>
  );
}
