import { screen } from "@testing-library/react";
import { fakeChain, PRESALE, TOKEN } from "./chainScreenMocks";
import { renderApp, signIn } from "./render";
import { gateway } from "./setup";

/**
 * What the ManageSale screen's test files share (each mocks the chain layer with chainScreenMocks): every test starts
 * signed in, the fake chain reset, with the launchpad record of PRESALE, whose token is DST (18 decimals).
 */
export function resetSale() {
  signIn();
  fakeChain.reset();
  gateway.seed("LaunchPad", [{ pid: 1, presaleAddress: PRESALE, tokenAddress: TOKEN, tokenSymbol: "DST", tokenDecimal: 18 }]);
}

/** Opens the screen and waits for the first read. */
export async function openSale(address = PRESALE, styled = false) {
  renderApp(`/ManageSale/${address}`, { styled });
  await screen.findByRole("heading", { name: "On-chain values" });
}
