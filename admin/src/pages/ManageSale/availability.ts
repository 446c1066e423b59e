/**
 * Which of ManageSale's actions the sale's state allows, and why not.
 *
 * An action the contract would refuse is disabled, with the reason as its
 * tooltip. Two stay enabled on purpose, with the reason as a tooltip only,
 * because the original screen shows a warning when they are clicked: Start Sale with no token
 * deposited ('Deposit tokens first!!!') and Finalise while the sale is open
 * ('Ensure that sale is stop or Not'); disabling them would make those
 * warnings unreachable.
 */
import type { PresaleState } from "../../chain";

export interface Availability {
  disabled: boolean;
  /** i18n key (under app.manage_sale.why) of why it is disabled, or of what clicking will say. */
  reason: string | null;
}

const on: Availability = { disabled: false, reason: null };
const off = (reason: string): Availability => ({ disabled: true, reason });
/** Enabled, with a tooltip: clicking shows the original screen's warning. */
const warns = (reason: string): Availability => ({ disabled: false, reason });

export interface SaleAvailability {
  start: Availability;
  stop: Availability;
  finalise: Availability;
  withdrawBnb: Availability;
  withdrawTokens: Availability;
  tokenAddress: Availability;
}

export function saleAvailability(state: PresaleState): SaleAvailability {
  const open = state.isPresaleOpen;
  return {
    start: open ? off("already_open") : state.isClaimable ? off("finalised") : state.token.balance === 0n ? warns("no_tokens") : on,
    stop: open ? on : off("not_open"),
    finalise: open ? warns("stop_first") : on,
    withdrawBnb: state.bnbBalance === 0n ? off("no_bnb") : on,
    withdrawTokens: open ? off("close_first") : state.availableTokens === 0n ? off("no_unsold") : on,
    tokenAddress: open ? off("close_first") : state.tokensOwed > 0n ? off("tokens_sold") : on,
  };
}
