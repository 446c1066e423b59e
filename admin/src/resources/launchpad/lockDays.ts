// Stays at this path, beside resources/LaunchPad/, while chain/units.ts (edited on
// another branch) re-exports it from here; it belongs with LaunchPad/ or the chain layer.
/** The staking lock period of a presale's pool, in days, from its pid (SPEC section 9). */
export function lockDays(pid: number | bigint | string | null | undefined): number {
  switch (Number(pid)) {
    case 6:
      return 5;
    case 0:
    case 7:
    case 10:
      return 90;
    case 1:
    case 8:
      return 180;
    default:
      return 365;
  }
}
