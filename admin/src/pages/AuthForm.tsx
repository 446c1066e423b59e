import { Box, Button, CircularProgress, Link } from "@mui/material";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { translate } from "../i18n";
import { GraphQLRequestError } from "../providers/authProvider";
import { usePublicToast } from "./PublicShell";

/**
 * The state the sign-in and registration forms share: their values, the gateway's field errors and whether a request
 * is under way. `bind` gives a text field its value, change handler and error; `submitWith` runs a request and, when
 * the gateway refuses it, shows the field errors and the refusal in a toast (unless `handled` takes the error).
 */
export function useAuthForm<Values extends { [Key in keyof Values]: string }>(initial: Values) {
  const toast = usePublicToast();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  const bind = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: !!errors[name],
    helperText: errors[name],
    fullWidth: true,
  });

  const submitWith = (request: () => Promise<void>, handled?: (err: unknown) => boolean) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setErrors({});
    try {
      await request();
    } catch (err) {
      setSubmitting(false);
      if (handled?.(err)) return;
      if (err instanceof GraphQLRequestError) {
        setErrors(err.fieldErrors);
        toast({ message: translate(err.message, { _: err.message }), severity: "error" });
      } else toast({ message: translate("ra.notification.http_error"), severity: "error" });
    }
  };

  return { values, setValues, errors, setErrors, submitting, bind, submitWith, toast };
}

/** The frame of a public form: its fields, the submit button (with a spinner while submitting) and the links below. */
export function AuthFormFrame({
  onSubmit,
  submitting,
  submitLabel,
  links,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  submitting: boolean;
  submitLabel: string;
  links: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "grid", gap: 2 }}>
      {children}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        startIcon={submitting ? <CircularProgress size={18} /> : undefined}
      >
        {submitLabel}
      </Button>
      {links}
    </Box>
  );
}

/** A link under a public form to another public screen. */
export function PageLink({ to, label }: { to: string; label: string }) {
  return (
    <Link component={RouterLink} to={to}>
      {label}
    </Link>
  );
}
