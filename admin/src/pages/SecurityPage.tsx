import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from "@mui/material";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Title, useNotify, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { graphql } from "../gql";
import type { SecurityMeQuery, SetupTwoFactorMutation } from "../gql/graphql";
import { GraphQLRequestError, graphqlRequest } from "../providers/graphqlFetch";
import { mustSetUpTwoFactor, setMustSetUpTwoFactor } from "../providers/session";
import { formatDateTime } from "../ui/columns";
import { ApiTokensPanel } from "./ApiTokensPanel";
import { SimpleTable } from "../ui/SimpleTable";
import { offerSignOutElsewhere, SessionsPanel } from "./SessionsPanel";

type SignIn = SecurityMeQuery["mySignIns"][number];

const ME = graphql(`
  query securityMe {
    me {
      twoFactorEnabled
      mustSetUpTwoFactor
    }
    mySignIns {
      id
      createdAt
      result
      ip
      userAgent
    }
  }
`);
const SETUP = graphql(`
  mutation setupTwoFactor {
    setupTwoFactor {
      secret
      otpauthUrl
      qrCode
      recoveryCodes
    }
  }
`);
const ENABLE = graphql(`
  mutation enableTwoFactor($code: String!) {
    enableTwoFactor(code: $code)
  }
`);
const DISABLE = graphql(`
  mutation disableTwoFactor($code: String!) {
    disableTwoFactor(code: $code)
  }
`);
const NEW_CODES = graphql(`
  mutation newRecoveryCodes($code: String!) {
    newRecoveryCodes(code: $code)
  }
`);

const LABELS = "app.security";

function RecoveryCodes({ codes }: { codes: string[] }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate(`${LABELS}.recovery_hint`)}
      </Typography>
      <Box component="ul" aria-label={translate(`${LABELS}.recovery_codes`)} sx={{ columns: 2, fontFamily: "monospace", m: 0, pl: 3 }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
    </Box>
  );
}

/** A code field and a button: every two-factor change is confirmed with a code from the app. */
function CodeForm({ label, action, onDone }: { label: string; action: (code: string) => Promise<void>; onDone?: () => void }) {
  const translate = useTranslate();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await action(code.trim());
      setCode("");
      onDone?.();
    } catch (err) {
      setError(err instanceof GraphQLRequestError ? (err.fieldErrors.code ?? err.message) : translate("ra.notification.http_error"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
      <TextField
        label={translate(`${LABELS}.code`)}
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={!!error}
        helperText={error ?? translate(`${LABELS}.code_hint`)}
        size="small"
        sx={{ minWidth: 260 }}
      />
      <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
        {label}
      </Button>
    </Box>
  );
}

/**
 * The signed-in user's own security: two-factor sign-in (set up with a QR
 * code, enable, disable, new recovery codes) and their recent sign-ins.
 * Under REQUIRE_TWO_FACTOR it is the only screen a user without two-factor may use.
 */
export default function SecurityPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [me, setMe] = useState<SecurityMeQuery["me"]>();
  const [signIns, setSignIns] = useState<SignIn[]>([]);
  const [setup, setSetup] = useState<SetupTwoFactorMutation["setupTwoFactor"]>();
  const [freshCodes, setFreshCodes] = useState<string[]>();
  const [loadError, setLoadError] = useState<string>();

  const load = useCallback(async () => {
    try {
      const data = await graphqlRequest(ME);
      setMe(data.me);
      setSignIns(data.mySignIns);
    } catch (err) {
      setLoadError(err instanceof Error ? err.message : String(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const startSetup = async () => {
    try {
      setSetup((await graphqlRequest(SETUP)).setupTwoFactor);
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: "error" });
    }
  };
  const enable = async (code: string) => {
    await graphqlRequest(ENABLE, { code });
    const required = mustSetUpTwoFactor();
    setMustSetUpTwoFactor(false);
    notify(`${LABELS}.enabled`, { type: "success" });
    setFreshCodes(setup?.recoveryCodes);
    setSetup(undefined);
    offerSignOutElsewhere();
    await load();
    if (required) navigate("/Dashboard");
  };
  const disable = async (code: string) => {
    await graphqlRequest(DISABLE, { code });
    notify(`${LABELS}.disabled`, { type: "success" });
    setFreshCodes(undefined);
    await load();
  };
  const newCodes = async (code: string) => {
    setFreshCodes((await graphqlRequest(NEW_CODES, { code })).newRecoveryCodes);
    notify(`${LABELS}.new_codes_done`, { type: "success" });
  };

  return (
    <Box sx={{ mt: 2, display: "grid", gap: 2, maxWidth: 900 }}>
      <Title title={translate(`${LABELS}.title`)} />
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {me?.mustSetUpTwoFactor && <Alert severity="warning">{translate(`${LABELS}.required`)}</Alert>}
      <Card>
        <CardContent sx={{ display: "grid", gap: 2 }}>
          <Stack direction="row" spacing={2} alignItems="center">
            <Typography variant="h6">{translate(`${LABELS}.two_factor`)}</Typography>
            {me && (
              <Chip
                color={me.twoFactorEnabled ? "success" : "default"}
                label={translate(me.twoFactorEnabled ? `${LABELS}.on` : `${LABELS}.off`)}
              />
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate(`${LABELS}.explain`)}
          </Typography>
          {me && !me.twoFactorEnabled && !setup && (
            <Box>
              <Button variant="contained" onClick={startSetup}>
                {translate(`${LABELS}.set_up`)}
              </Button>
            </Box>
          )}
          {setup && (
            <Box sx={{ display: "grid", gap: 2 }}>
              <Typography variant="body2">{translate(`${LABELS}.scan`)}</Typography>
              <Box
                component="img"
                src={setup.qrCode}
                alt={translate(`${LABELS}.qr_alt`)}
                sx={{ width: 200, height: 200, imageRendering: "pixelated" }}
              />
              <Typography variant="body2">
                {translate(`${LABELS}.secret`)}{" "}
                <Box component="code" data-testid="two-factor-secret" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
                  {setup.secret}
                </Box>
              </Typography>
              <RecoveryCodes codes={setup.recoveryCodes} />
              <CodeForm label={translate(`${LABELS}.enable`)} action={enable} />
            </Box>
          )}
          {freshCodes && <RecoveryCodes codes={freshCodes} />}
          {me?.twoFactorEnabled && (
            <Box sx={{ display: "grid", gap: 2 }}>
              <Typography variant="subtitle2">{translate(`${LABELS}.new_codes`)}</Typography>
              <CodeForm label={translate(`${LABELS}.new_codes_button`)} action={newCodes} />
              <Typography variant="subtitle2">{translate(`${LABELS}.turn_off`)}</Typography>
              <CodeForm label={translate(`${LABELS}.disable`)} action={disable} />
            </Box>
          )}
        </CardContent>
      </Card>
      <SessionsPanel />
      <Card>
        <CardContent>
          <Typography variant="h6" sx={{ mb: 1 }}>
            {translate(`${LABELS}.recent`)}
          </Typography>
          <SimpleTable
            label={translate(`${LABELS}.recent`)}
            rows={signIns}
            columns={[
              { label: translate("resources.signins.fields.createdAt"), cell: (s) => formatDateTime(s.createdAt) },
              { label: translate("resources.signins.fields.result"), cell: (s) => translate(`${LABELS}.result.${s.result}`) },
              { label: translate("resources.signins.fields.ip"), cell: (s) => s.ip },
              {
                label: translate("resources.signins.fields.userAgent"),
                cell: (s) => s.userAgent,
                sx: { maxWidth: 320, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
              },
            ]}
          />
        </CardContent>
      </Card>
      <ApiTokensPanel />
    </Box>
  );
}
