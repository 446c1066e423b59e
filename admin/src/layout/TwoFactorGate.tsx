import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { SECURITY_PATH } from "../providers/authProvider";
import { mustSetUpTwoFactor } from "../providers/session";

/**
 * REQUIRE_TWO_FACTOR: until this user turns two-factor on, the gateway refuses
 * everything but its setup, so every screen leads to the Security page.
 */
export function TwoFactorGate() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (mustSetUpTwoFactor() && location.pathname.toLowerCase() !== SECURITY_PATH.toLowerCase()) {
      navigate(SECURITY_PATH, { replace: true });
    }
  }, [location.pathname, navigate]);
  return null;
}
