import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { PAGE_PATHS } from "../routes";
import { mustSetUpTwoFactor } from "../providers/session";

/**
 * REQUIRE_TWO_FACTOR: until this user turns two-factor on, the gateway refuses
 * everything but its setup, so every screen leads to the Security page.
 */
export function TwoFactorGate() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (mustSetUpTwoFactor() && location.pathname.toLowerCase() !== PAGE_PATHS.security.toLowerCase()) {
      navigate(PAGE_PATHS.security, { replace: true });
    }
  }, [location.pathname, navigate]);
  return null;
}
