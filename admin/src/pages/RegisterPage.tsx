import { TextField, Typography } from "@mui/material";
import { useNavigate } from "react-router-dom";
import { translate } from "../i18n";
import { register, type RegisterInput } from "../providers/authProvider";
import { PasswordField } from "./PasswordField";
import { AuthFormFrame, PageLink, useAuthForm } from "./AuthForm";
import { PublicShell } from "./PublicShell";

const EMPTY: RegisterInput = { name: "", email: "", password: "", password2: "" };

/** Under the registration form: back to sign-in or to the home page. */
function RegisterLinks() {
  return (
    <Typography variant="body2" align="center" sx={{ display: "flex", justifyContent: "space-between" }}>
      <PageLink to="/login" label={translate("app.auth.log_in")} />
      <PageLink to="/" label={translate("app.auth.back_home")} />
    </Typography>
  );
}

function RegisterForm() {
  const navigate = useNavigate();
  const { values, submitting, bind, submitWith } = useAuthForm(EMPTY);

  const submit = submitWith(async () => {
    const result = await register(values);
    navigate("/login", { state: { notice: result.message } });
  });

  return (
    <AuthFormFrame onSubmit={submit} submitting={submitting} submitLabel={translate("app.auth.register")} links={<RegisterLinks />}>
      <TextField label={translate("app.auth.name")} autoComplete="name" autoFocus {...bind("name")} />
      <TextField label={translate("app.auth.email")} type="email" autoComplete="email" {...bind("email")} />
      <PasswordField label={translate("app.auth.password")} autoComplete="new-password" {...bind("password")} />
      <PasswordField label={translate("app.auth.confirm_password")} autoComplete="new-password" {...bind("password2")} />
    </AuthFormFrame>
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
