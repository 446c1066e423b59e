import { TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { translate } from "../i18n";
import { authProvider, GraphQLRequestError, SECURITY_PATH } from "../providers/authProvider";
import { activeSession, mustSetUpTwoFactor, takeSignedOutReason } from "../providers/session";
import { PasswordField } from "./PasswordField";
import { AuthFormFrame, PageLink, useAuthForm } from "./AuthForm";
import { PublicShell } from "./PublicShell";

export const DASHBOARD_PATH = "/Dashboard";

/** Under the sign-in form: the way to an account. */
function LoginLinks() {
  return (
    <Typography variant="body2" align="center">
      {translate("app.auth.no_account")} <PageLink to="/register" label={translate("app.auth.register")} />
    </Typography>
  );
}

function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  // Two-factor accounts: after the password, the gateway asks for a code (TWO_FACTOR_REQUIRED).
  const [needsCode, setNeedsCode] = useState(false);
  const { values, setValues, errors, setErrors, submitting, bind, submitWith, toast } = useAuthForm({ email: "", password: "", code: "" });

  useEffect(() => {
    const notice = (location.state as { notice?: string } | null)?.notice;
    if (notice) toast({ message: notice, severity: "success" });
    else if (takeSignedOutReason() === "expired") toast({ message: translate("app.auth.expired"), severity: "warning" });
  }, [location.state, toast]);

  const submit = submitWith(
    async () => {
      const { email, password, code } = values;
      await authProvider.login({ email, password, code: needsCode ? code.trim() : undefined });
      navigate(mustSetUpTwoFactor() ? SECURITY_PATH : DASHBOARD_PATH, { replace: true });
    },
    (err) => {
      if (!(err instanceof GraphQLRequestError && err.code === "TWO_FACTOR_REQUIRED")) return false;
      // The first time it only asks for the code; after a code, it says the code was wrong.
      if (needsCode) setErrors({ code: translate("app.auth.code_invalid") });
      setNeedsCode(true);
      setValues((current) => ({ ...current, code: "" }));
      return true;
    },
  );

  return (
    <AuthFormFrame onSubmit={submit} submitting={submitting} submitLabel={translate("app.auth.sign_in")} links={<LoginLinks />}>
      <TextField label={translate("app.auth.email")} type="email" autoComplete="username" autoFocus {...bind("email")} />
      <PasswordField label={translate("app.auth.password")} autoComplete="current-password" {...bind("password")} />
      {needsCode && (
        <TextField
          label={translate("app.auth.code")}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          {...bind("code")}
          helperText={errors.code ?? translate("app.auth.code_hint")}
        />
      )}
    </AuthFormFrame>
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
