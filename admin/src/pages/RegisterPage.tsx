import { Box, Button, CircularProgress, Link, TextField, Typography } from "@mui/material";
import { useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { translate } from "../i18n";
import { GraphQLRequestError, register, type RegisterInput } from "../providers/authProvider";
import { PasswordField } from "./PasswordField";
import { PublicShell, usePublicToast } from "./PublicShell";

const EMPTY: RegisterInput = { name: "", email: "", password: "", password2: "" };

function RegisterForm() {
  const navigate = useNavigate();
  const toast = usePublicToast();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const bind = (name: keyof RegisterInput) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: !!errors[name],
    helperText: errors[name],
    fullWidth: true,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitting(true);
    setErrors({});
    try {
      const result = await register(values);
      navigate("/login", { state: { notice: result.message } });
    } catch (err) {
      setSubmitting(false);
      if (err instanceof GraphQLRequestError) {
        setErrors(err.fieldErrors);
        toast({ message: translate(err.message, { _: err.message }), severity: "error" });
      } else toast({ message: translate("ra.notification.http_error"), severity: "error" });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "grid", gap: 2 }}>
      <TextField label={translate("app.auth.name")} autoComplete="name" autoFocus {...bind("name")} />
      <TextField label={translate("app.auth.email")} type="email" autoComplete="email" {...bind("email")} />
      <PasswordField label={translate("app.auth.password")} autoComplete="new-password" {...bind("password")} />
      <PasswordField label={translate("app.auth.confirm_password")} autoComplete="new-password" {...bind("password2")} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        startIcon={submitting ? <CircularProgress size={18} /> : undefined}
      >
        {translate("app.auth.register")}
      </Button>
      <Typography variant="body2" align="center" sx={{ display: "flex", justifyContent: "space-between" }}>
        <Link component={RouterLink} to="/login">
          {translate("app.auth.log_in")}
        </Link>
        <Link component={RouterLink} to="/">
          {translate("app.auth.back_home")}
        </Link>
      </Typography>
    </Box>
  );
}

/** Self-registration; the gateway says whether the account waits for approval. */
export default function RegisterPage() {
  return (
    <PublicShell title={translate("app.auth.register_title")}>
      <RegisterForm />
    </PublicShell>
  );
}
