import { Box, Button, CircularProgress, Link, TextField, Typography } from "@mui/material";
import { useEffect, useState, type FormEvent } from "react";
import { Navigate, Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import { translate } from "../i18n";
import { authProvider, GraphQLRequestError, SECURITY_PATH } from "../providers/authProvider";
import { activeSession, mustSetUpTwoFactor, takeSignedOutReason } from "../providers/session";
import { PasswordField } from "./PasswordField";
import { PublicShell, usePublicToast } from "./PublicShell";

export const DASHBOARD_PATH = "/Dashboard";

function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = usePublicToast();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // Two-factor accounts: after the password, the gateway asks for a code (TWO_FACTOR_REQUIRED).
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const notice = (location.state as { notice?: string } | null)?.notice;
    if (notice) toast({ message: notice, severity: "success" });
    else if (takeSignedOutReason() === "expired") toast({ message: translate("app.auth.expired"), severity: "warning" });
  }, [location.state, toast]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitting(true);
    setErrors({});
    try {
      await authProvider.login({ email, password, code: needsCode ? code.trim() : undefined });
      navigate(mustSetUpTwoFactor() ? SECURITY_PATH : DASHBOARD_PATH, { replace: true });
    } catch (err) {
      setSubmitting(false);
      if (err instanceof GraphQLRequestError && err.code === "TWO_FACTOR_REQUIRED") {
        // The first time it only asks for the code; after a code, it says the code was wrong.
        if (needsCode) setErrors({ code: translate("app.auth.code_invalid") });
        setNeedsCode(true);
        setCode("");
      } else if (err instanceof GraphQLRequestError) {
        setErrors(err.fieldErrors);
        toast({ message: translate(err.message, { _: err.message }), severity: "error" });
      } else toast({ message: translate("ra.notification.http_error"), severity: "error" });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "grid", gap: 2 }}>
      <TextField
        label={translate("app.auth.email")}
        name="email"
        type="email"
        autoComplete="username"
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={!!errors.email}
        helperText={errors.email}
        fullWidth
      />
      <PasswordField
        label={translate("app.auth.password")}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={!!errors.password}
        helperText={errors.password}
        fullWidth
      />
      {needsCode && (
        <TextField
          label={translate("app.auth.code")}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={!!errors.code}
          helperText={errors.code ?? translate("app.auth.code_hint")}
          fullWidth
        />
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        startIcon={submitting ? <CircularProgress size={18} /> : undefined}
      >
        {translate("app.auth.sign_in")}
      </Button>
      <Typography variant="body2" align="center">
        {translate("app.auth.no_account")}{" "}
        <Link component={RouterLink} to="/register">
          {translate("app.auth.register")}
        </Link>
      </Typography>
    </Box>
  );
}

/** The sign-in screen at / and /login; a signed-in user goes on to the dashboard. */
export default function LoginPage() {
  if (activeSession()) return <Navigate to={DASHBOARD_PATH} replace />;
  return (
    <PublicShell title={translate("app.auth.sign_in_title")}>
      <LoginForm />
    </PublicShell>
  );
}
