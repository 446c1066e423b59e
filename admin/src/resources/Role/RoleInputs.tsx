import { Alert, FormHelperText, Typography } from "@mui/material";
import { BooleanInput, TextInput, useInput, useRecordContext, useTranslate, type Validator } from "react-admin";
import { LoadingScreen } from "../../ui/LoadingScreen";
import { isCidr, linesOf } from "./cidr";
import { PermissionGrid, usePermissionCatalogue, type Permission } from "./PermissionGrid";

const LABELS = "resources.Roles";

/** A role's grid as a form input: the gateway's catalogue, one checkbox per offered action (a built-in role: shown, not edited). */
function PermissionGridInput({ builtIn }: { builtIn: boolean }) {
  const translate = useTranslate();
  const catalogue = usePermissionCatalogue(builtIn ? "all" : "roles");
  const { field, fieldState } = useInput<Permission[]>({ source: "permissions", defaultValue: [] });
  if (catalogue.isPending) return <LoadingScreen />;
  if (catalogue.error) return <Alert severity="error">{catalogue.error.message}</Alert>;
  return (
    <>
      <Typography variant="subtitle2">{translate(`${LABELS}.fields.permissions`)}</Typography>
      <PermissionGrid
        rows={catalogue.data}
        value={field.value}
        onChange={field.onChange}
        disabled={builtIn}
        label={translate(`${LABELS}.fields.permissions`)}
      />
      {fieldState.error?.message && (
        <FormHelperText error>{translate(fieldState.error.message, { _: fieldState.error.message })}</FormHelperText>
      )}
    </>
  );
}

/** The allowlist as the form holds it (the loaded list, or the text being typed) as a list. */
const listOf = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : typeof value === "string" ? linesOf(value) : []);

/** What is saved: the allowlist as a list (the form holds the text being typed). */
export const roleTransform = (data: Record<string, unknown>) => ({ ...data, ipAllowlist: listOf(data.ipAllowlist) });

/** Every line an address or a CIDR, else a clear message naming the ones that are not. */
const validateAllowlist: Validator = (value: unknown) => {
  const bad = listOf(value).filter((line) => !isCidr(line));
  return bad.length ? { message: `${LABELS}.bad_cidr`, args: { list: bad.join(", ") } } : undefined;
};

/**
 * A role's form: name (fixed once made), the resources × actions grid,
 * "Requires two-factor" and an IP allowlist (one CIDR a line, checked here and
 * by the gateway). A built-in role is shown read-only.
 */
export function RoleInputs() {
  const translate = useTranslate();
  const record = useRecordContext();
  const builtIn = record?.builtIn === true;
  const editing = record?.id !== undefined;
  return (
    <>
      {builtIn && <Alert severity="info">{translate(`${LABELS}.built_in_note`)}</Alert>}
      <TextInput
        source="name"
        label={`${LABELS}.fields.name`}
        disabled={editing}
        helperText={editing ? false : `${LABELS}.name_hint`}
        fullWidth
      />
      <PermissionGridInput builtIn={builtIn} />
      <BooleanInput
        source="requireTwoFactor"
        label={`${LABELS}.fields.requireTwoFactor`}
        helperText={`${LABELS}.two_factor_hint`}
        disabled={builtIn}
      />
      <TextInput
        source="ipAllowlist"
        label={`${LABELS}.fields.ipAllowlist`}
        helperText={`${LABELS}.allowlist_hint`}
        multiline
        minRows={2}
        fullWidth
        disabled={builtIn}
        format={(value: unknown) => (Array.isArray(value) ? value.join("\n") : ((value as string | undefined) ?? ""))}
        parse={(text: string) => text}
        validate={validateAllowlist}
      />
    </>
  );
}
