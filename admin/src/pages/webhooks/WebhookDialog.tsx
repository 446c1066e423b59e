import {
  Alert,
  Box,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
} from "@mui/material";
import { useState, type FormEvent } from "react";
import { useTranslate } from "react-admin";
import { graphqlRequest } from "../../providers/graphqlFetch";
import { useFormSubmit } from "../../ui/useFormSubmit";
import { typeInWords, usePermissionCatalogue } from "../../resources/Role/PermissionGrid";
import { CopyButton } from "../../ui/CopyButton";
import { LoadingScreen } from "../../ui/LoadingScreen";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { CREATE, NOT_FOLLOWED, OPERATIONS, UPDATE, type Webhook } from "./api";

const LABELS = "app.webhooks";

/** Checkboxes for a list of choices; `value` in the choices' order. */
function Choices({
  legend,
  choices,
  value,
  onChange,
  labelOf,
  error,
}: {
  legend: string;
  choices: string[];
  value: string[];
  onChange: (next: string[]) => void;
  labelOf: (choice: string) => string;
  error?: string;
}) {
  const toggle = (choice: string, on: boolean) => onChange(choices.filter((c) => (c === choice ? on : value.includes(c))));
  return (
    <FormControl component="fieldset" error={!!error}>
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row>
        {choices.map((choice) => (
          <FormControlLabel
            key={choice}
            control={<Checkbox checked={value.includes(choice)} onChange={(e) => toggle(choice, e.target.checked)} />}
            label={labelOf(choice)}
            sx={{ minWidth: 200 }}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** URL, description, the resources and operations followed; a new endpoint's secret comes back in `onCreated`. */
function WebhookForm({
  webhook,
  onClose,
  onSaved,
  onCreated,
}: {
  webhook?: Webhook;
  onClose: () => void;
  onSaved: () => void;
  onCreated: (secret: string) => void;
}) {
  const translate = useTranslate();
  const catalogue = usePermissionCatalogue("all");
  const [url, setUrl] = useState(webhook?.url ?? "");
  const [description, setDescription] = useState(webhook?.description ?? "");
  const [resources, setResources] = useState<string[]>(webhook?.resources ?? []);
  const [operations, setOperations] = useState<string[]>(webhook?.operations ?? OPERATIONS);
  const { errors, setErrors, busy, submit: send } = useFormSubmit();
  const followed = (catalogue.data ?? []).map((entry) => entry.resource).filter((type) => !NOT_FOLLOWED.includes(type));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return setErrors({ url: translate("ra.validation.required") });
    const values = { url: url.trim(), description: description.trim() || null, resources, operations };
    await send(async () => {
      if (webhook) {
        await graphqlRequest(UPDATE, { id: webhook.id, ...values });
        onSaved();
      } else {
        const data = await graphqlRequest(CREATE, values);
        onSaved();
        onCreated(data.createWebhook.secret);
      }
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent dividers sx={{ display: "grid", gap: 2 }}>
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <TextField
          label={translate(`${LABELS}.fields.url`)}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://"
          required
          error={!!errors.url}
          helperText={errors.url}
          fullWidth
          autoFocus
        />
        <TextField
          label={translate(`${LABELS}.fields.description`)}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={!!errors.description}
          helperText={errors.description}
          fullWidth
        />
        {catalogue.isPending ? (
          <LoadingScreen />
        ) : (
          <Choices
            legend={translate(`${LABELS}.fields.resources`)}
            choices={followed}
            value={resources}
            onChange={setResources}
            labelOf={(type) => translate(`app.permissions.resource.${type}`, { _: typeInWords(type) })}
            error={errors.resources}
          />
        )}
        <Choices
          legend={translate(`${LABELS}.fields.operations`)}
          choices={OPERATIONS}
          value={operations}
          onChange={setOperations}
          labelOf={(op) => translate(`${LABELS}.operation.${op}`)}
          error={errors.operations}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("app.form.close")}</Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate(webhook ? `${LABELS}.save` : `${LABELS}.create`)}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The secret, shown once, with a copy button. */
function SecretShown({ secret, onClose }: { secret: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <>
      <DialogContent dividers sx={{ display: "grid", gap: 2 }}>
        <Alert severity="warning">{translate(`${LABELS}.shown_once`)}</Alert>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Box
            component="code"
            data-testid="webhook-secret"
            aria-label={translate(`${LABELS}.secret`)}
            sx={{ fontFamily: "monospace", wordBreak: "break-all", p: 1, bgcolor: "action.hover", borderRadius: 1 }}
          >
            {secret}
          </Box>
          <CopyButton value={secret} label={`${LABELS}.copy`} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate(`${LABELS}.done`)}
        </Button>
      </DialogActions>
    </>
  );
}

/** New endpoint (then its secret, once) or edit one (`webhook`). */
export function WebhookDialog({
  open,
  webhook,
  onClose,
  onSaved,
}: {
  open: boolean;
  webhook?: Webhook;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string>();
  const close = () => {
    setSecret(undefined);
    onClose();
  };
  const title = secret ? `${LABELS}.created_title` : webhook ? `${LABELS}.edit_title` : `${LABELS}.new_title`;
  return (
    <ResponsiveDialog open={open} onClose={secret ? undefined : close} fullWidth maxWidth="md">
      <DialogTitle>{translate(title)}</DialogTitle>
      {open &&
        (secret ? (
          <SecretShown secret={secret} onClose={close} />
        ) : (
          <WebhookForm webhook={webhook} onClose={close} onSaved={onSaved} onCreated={setSecret} />
        ))}
    </ResponsiveDialog>
  );
}
