/** Bigint arithmetic for the progress bars and the time left: no amount goes through a float. */

/** raised / cap in percent with two decimals, computed on bigints (only the final ratio becomes a number); null when there is no cap. */
export function percentOf(raised: bigint, cap: bigint): number | null {
  if (cap <= 0n) return null;
  return Number((raised * 10_000n) / cap) / 100;
}

/** Seconds from now to a unix end time; null when the sale has no end (not started) or is over. */
export function secondsUntil(endTime: bigint | number | null | undefined, nowMs = Date.now()): number | null {
  if (endTime === null || endTime === undefined) return null;
  const end = Number(endTime);
  if (end <= 0) return null;
  const left = end - Math.floor(nowMs / 1000);
  return left > 0 ? left : null;
}

/** '3d 4h 5m', '4h 5m', '5m', '< 1m'. */
export function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return `${days}d ${hours}h ${minutes}m`;
  if (hours) return `${hours}h ${minutes}m`;
  return minutes ? `${minutes}m` : "< 1m";
}

const compactFormat = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
/** A chart's axis tick: '40K', '1.2M', '0.5': short enough for the axis, never cut ('40,0…'). Ticks only: figures shown as text stay exact. */
export const compactNumber = (value: number) => compactFormat.format(value);
