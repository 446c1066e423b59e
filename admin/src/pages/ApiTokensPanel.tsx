import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useNotify, useTranslate } from "react-admin";
import { graphql } from "../gql";
import type { MyApiTokensQuery } from "../gql/graphql";
import { graphqlRequest } from "../providers/graphqlFetch";
import { RevokeTokenButton } from "../resources/ApiToken/RevokeTokenButton";
import { normalise, PermissionGrid, usePermissionCatalogue, type Permission } from "../resources/Role/PermissionGrid";
import { formatDateTime } from "../ui/columns";
import { LoadingScreen } from "../ui/LoadingScreen";
import { SimpleTable } from "../ui/SimpleTable";
import { TableScroll } from "../ui/TableScroll";
import { ResponsiveDialog } from "../ui/ResponsiveDialog";
import { useFormSubmit } from "../ui/useFormSubmit";

type ApiToken = MyApiTokensQuery["allApiTokens"][number];

const LABELS = "app.api_tokens";
/** One's own tokens: an administrator's list holds everyone's, so it is narrowed to the signed-in user. */
const MINE = graphql(`
  query myApiTokens($userId: Int) {
    allApiTokens(perPage: 100, sortField: "createdAt", sortOrder: "DESC", filter: { userId: $userId }) {
      id
      name
      description
      expiresAt
      lastUsedAt
      lastUsedIp
      revoked
      readOnly
      createdAt
    }
  }
`);
const ME = graphql(`
  query myPermissions {
    me {
      id
      permissions {
        resource
        actions
      }
    }
  }
`);
const ME_ID = graphql(`
  query meId {
    me {
      id
    }
  }
`);
const CREATE = graphql(`
  mutation createApiToken($name: String!, $description: String, $expiresInDays: Int, $readOnly: Boolean, $permissions: [PermissionInput!]) {
    createApiToken(name: $name, description: $description, expiresInDays: $expiresInDays, readOnly: $readOnly, permissions: $permissions) {
      token
      apiToken {
        id
        name
        expiresAt
      }
    }
  }
`);

type Access = "role" | "read" | "custom";
const EXPIRIES = ["7", "30", "90", "none"];

/** The caller's own id and permissions: a token's custom grid offers only what their role gives (and a token may be given). */
function useMyGrid() {
  const catalogue = usePermissionCatalogue("tokens");
  const me = useQuery({
    queryKey: ["myPermissions"],
    queryFn: async () => (await graphqlRequest(ME)).me,
  });
  const rows = catalogue.data && me.data ? normalise(me.data.permissions, catalogue.data) : undefined;
  return { rows, error: catalogue.error ?? me.error, isPending: catalogue.isPending || me.isPending };
}

/** The secret, shown once: with a Copy button and a warning that it will not be shown again. */
function SecretShown({ token, onClose }: { token: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      notify(`${LABELS}.copied`, { type: "info" });
    } catch {
      notify(`${LABELS}.copy_failed`, { type: "warning" });
    }
  };
  return (
    <>
      <DialogContent dividers sx={{ display: "grid", gap: 2 }}>
        <Alert severity="warning">{translate(`${LABELS}.shown_once`)}</Alert>
        <Box
          component="code"
          data-testid="api-token-secret"
          aria-label={translate(`${LABELS}.secret`)}
          sx={{ fontFamily: "monospace", wordBreak: "break-all", p: 1, bgcolor: "action.hover", borderRadius: 1 }}
        >
          {token}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate(`${LABELS}.usage`)}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {translate(`${LABELS}.copy`)}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate(`${LABELS}.done`)}
        </Button>
      </DialogActions>
    </>
  );
}

/** 'New token': name, description, expiry, access (my role, read-only, or a grid within my role). */
function NewTokenForm({ onCreated, onClose }: { onCreated: (token: string) => void; onClose: () => void }) {
  const translate = useTranslate();
  const grid = useMyGrid();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [expiry, setExpiry] = useState("30");
  const [access, setAccess] = useState<Access>("role");
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const { errors, setErrors, busy, submit: send } = useFormSubmit();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: translate("ra.validation.required") });
    if (access === "custom" && !permissions.length) return setErrors({ permissions: translate(`${LABELS}.grid_empty`) });
    await send(async () => {
      const data = await graphqlRequest(CREATE, {
        name: name.trim(),
        description: description.trim() || undefined,
        expiresInDays: expiry === "none" ? undefined : Number(expiry),
        readOnly: access === "read" || undefined,
        permissions: access === "custom" ? permissions : undefined,
      });
      onCreated(data.createApiToken.token);
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent dividers sx={{ display: "grid", gap: 2 }}>
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <TextField
          label={translate(`${LABELS}.fields.name`)}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={!!errors.name}
          helperText={errors.name}
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
        <TextField
          select
          label={translate(`${LABELS}.fields.expires`)}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          error={!!errors.expiresInDays}
          helperText={errors.expiresInDays}
          sx={{ maxWidth: 240 }}
        >
          {EXPIRIES.map((days) => (
            <MenuItem key={days} value={days}>
              {translate(`${LABELS}.expiry.${days}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControl>
          <FormLabel id="api-token-access">{translate(`${LABELS}.access`)}</FormLabel>
          <RadioGroup aria-labelledby="api-token-access" value={access} onChange={(e) => setAccess(e.target.value as Access)}>
            <FormControlLabel value="role" control={<Radio />} label={translate(`${LABELS}.access_role`)} />
            <FormControlLabel value="read" control={<Radio />} label={translate(`${LABELS}.access_read`)} />
            <FormControlLabel value="custom" control={<Radio />} label={translate(`${LABELS}.access_custom`)} />
          </RadioGroup>
        </FormControl>
        {access === "custom" &&
          (grid.isPending ? (
            <LoadingScreen />
          ) : grid.error || !grid.rows ? (
            <Alert severity="error">{grid.error?.message ?? translate("ra.notification.http_error")}</Alert>
          ) : (
            <>
              <PermissionGrid rows={grid.rows} value={permissions} onChange={setPermissions} label={translate(`${LABELS}.grid`)} />
              {errors.permissions && <Alert severity="error">{errors.permissions}</Alert>}
            </>
          ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("app.form.close")}</Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate(`${LABELS}.create`)}
        </Button>
      </DialogActions>
    </Box>
  );
}

function NewTokenDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string>();
  const close = () => {
    setSecret(undefined);
    onClose();
  };
  return (
    <ResponsiveDialog open={open} onClose={secret ? undefined : close} fullWidth maxWidth="md">
      <DialogTitle>{translate(secret ? `${LABELS}.created_title` : `${LABELS}.new`)}</DialogTitle>
      {open &&
        (secret ? (
          <SecretShown token={secret} onClose={close} />
        ) : (
          <NewTokenForm
            onClose={close}
            onCreated={(token) => {
              setSecret(token);
              onCreated();
            }}
          />
        ))}
    </ResponsiveDialog>
  );
}

/**
 * The signed-in user's API tokens on the Security page: name, description,
 * expiry, last use (when and from where), revoked; 'New token' (its secret
 * shown once) and Revoke.
 */
export function ApiTokensPanel() {
  const translate = useTranslate();
  const [tokens, setTokens] = useState<ApiToken[]>([]);
  const [loadError, setLoadError] = useState<string>();
  const [creating, setCreating] = useState(false);
  const load = useCallback(async () => {
    try {
      // The caller's id first (an administrator's list is everyone's), then their own tokens.
      const me = await graphqlRequest(ME_ID);
      const data = await graphqlRequest(MINE, { userId: me.me ? Number(me.me.id) : undefined });
      setTokens(data.allApiTokens);
      setLoadError(undefined);
    } catch (err) {
      setLoadError(err instanceof Error ? err.message : String(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <Card>
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
          <Typography variant="h6">{translate(`${LABELS}.title`)}</Typography>
          <Button variant="contained" onClick={() => setCreating(true)}>
            {translate(`${LABELS}.new`)}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {translate(`${LABELS}.explain`)}
        </Typography>
        {loadError && <Alert severity="error">{loadError}</Alert>}
        {tokens.length ? (
          <TableScroll label={translate(`${LABELS}.title`)}>
            <SimpleTable
              label={translate(`${LABELS}.title`)}
              rows={tokens}
              columns={[
                { label: translate(`${LABELS}.fields.name`), cell: (t) => t.name },
                { label: translate(`${LABELS}.fields.description`), cell: (t) => t.description },
                {
                  label: translate(`${LABELS}.fields.expires`),
                  cell: (t) => (t.expiresAt ? formatDateTime(t.expiresAt) : translate(`${LABELS}.never`)),
                },
                {
                  label: translate(`${LABELS}.fields.last_used`),
                  cell: (t) =>
                    t.lastUsedAt
                      ? `${formatDateTime(t.lastUsedAt)}${t.lastUsedIp ? ` (${t.lastUsedIp})` : ""}`
                      : translate(`${LABELS}.not_used`),
                },
                {
                  label: translate(`${LABELS}.fields.status`),
                  cell: (t) =>
                    t.revoked ? (
                      <Chip size="small" color="error" variant="outlined" label={translate(`${LABELS}.revoked`)} />
                    ) : t.expiresAt && Date.parse(t.expiresAt) < Date.now() ? (
                      <Chip size="small" variant="outlined" label={translate(`${LABELS}.expired`)} />
                    ) : (
                      <Chip size="small" color="success" variant="outlined" label={translate(`${LABELS}.active`)} />
                    ),
                },
                { label: translate("app.list.action"), cell: (t) => <RevokeTokenButton token={t} onDone={() => void load()} /> },
              ]}
            />
          </TableScroll>
        ) : (
          !loadError && (
            <Typography variant="body2" color="text.secondary">
              {translate(`${LABELS}.none`)}
            </Typography>
          )
        )}
      </CardContent>
      <NewTokenDialog open={creating} onClose={() => setCreating(false)} onCreated={() => void load()} />
    </Card>
  );
}
