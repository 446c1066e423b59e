import { Alert, Box, Button, Card, CardContent, Chip, Stack, Switch, Typography } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { Confirm, Title, useNotify, useTranslate } from "react-admin";
import { graphqlRequest } from "../../providers/graphqlFetch";
import { typeInWords } from "../../resources/Role/PermissionGrid";
import { AccessDenied, useAccess, useAllowed } from "../../ui/access";
import { LoadingScreen } from "../../ui/LoadingScreen";
import { SimpleTable } from "../../ui/SimpleTable";
import { TableScroll } from "../../ui/TableScroll";
import { DELETE, LIST, OPERATIONS, UPDATE, type Webhook } from "./api";
import { DeliveryLog } from "./DeliveryLog";
import { WebhookDialog } from "./WebhookDialog";

const LABELS = "app.webhooks";

/** The endpoints: URL, description, what each follows, enabled (a switch), and its actions. */
function WebhookTable({ webhooks, reload }: { webhooks: Webhook[]; reload: () => Promise<void> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const mayUpdate = useAllowed("update", "Webhook");
  const mayDelete = useAllowed("delete", "Webhook");
  const [editing, setEditing] = useState<Webhook>();
  const [viewing, setViewing] = useState<Webhook>();
  const [deleting, setDeleting] = useState<Webhook>();
  const run = async (request: () => Promise<unknown>, done?: string) => {
    try {
      await request();
      if (done) notify(done, { type: "success" });
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: "error" });
    }
    await reload();
  };
  const resourcesOf = (webhook: Webhook) =>
    webhook.resources.map((type) => translate(`app.permissions.resource.${type}`, { _: typeInWords(type) })).join(", ");
  const operationsOf = (webhook: Webhook) =>
    webhook.operations.length === OPERATIONS.length
      ? translate(`${LABELS}.all_operations`)
      : webhook.operations.map((op) => translate(`${LABELS}.operation.${op}`)).join(", ");
  return (
    <>
      <TableScroll label={translate(`${LABELS}.title`)}>
        <SimpleTable
          label={translate(`${LABELS}.title`)}
          rows={webhooks}
          columns={[
            { label: translate(`${LABELS}.fields.url`), cell: (w) => w.url, sx: { overflowWrap: "anywhere", maxWidth: 320 } },
            { label: translate(`${LABELS}.fields.description`), cell: (w) => w.description },
            { label: translate(`${LABELS}.fields.resources`), cell: resourcesOf },
            { label: translate(`${LABELS}.fields.operations`), cell: operationsOf },
            {
              label: translate(`${LABELS}.enabled`),
              cell: (w) => (
                <Stack direction="row" alignItems="center" spacing={1}>
                  <Switch
                    checked={w.enabled}
                    disabled={!mayUpdate}
                    onChange={(e) => void run(() => graphqlRequest(UPDATE, { id: w.id, enabled: e.target.checked }))}
                    slotProps={{ input: { "aria-label": translate(`${LABELS}.enabled_named`, { url: w.url }) } }}
                  />
                  {!w.enabled && <Chip size="small" variant="outlined" color="error" label={translate(`${LABELS}.disabled`)} />}
                </Stack>
              ),
            },
            {
              label: translate("app.list.action"),
              cell: (w) => (
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={() => setViewing(w)} aria-label={translate(`${LABELS}.deliveries_named`, { url: w.url })}>
                    {translate(`${LABELS}.deliveries`)}
                  </Button>
                  {mayUpdate && (
                    <Button size="small" onClick={() => setEditing(w)} aria-label={translate(`${LABELS}.edit_named`, { url: w.url })}>
                      {translate(`${LABELS}.edit`)}
                    </Button>
                  )}
                  {mayDelete && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeleting(w)}
                      aria-label={translate(`${LABELS}.delete_named`, { url: w.url })}
                    >
                      {translate(`${LABELS}.delete`)}
                    </Button>
                  )}
                </Stack>
              ),
            },
          ]}
        />
      </TableScroll>
      <WebhookDialog open={!!editing} webhook={editing} onClose={() => setEditing(undefined)} onSaved={() => void reload()} />
      <DeliveryLog webhook={viewing} onClose={() => setViewing(undefined)} />
      <Confirm
        isOpen={!!deleting}
        title={`${LABELS}.delete_title`}
        content={`${LABELS}.delete_confirm`}
        translateOptions={{ url: deleting?.url ?? "" }}
        confirm={`${LABELS}.delete`}
        onConfirm={() => {
          const target = deleting;
          setDeleting(undefined);
          if (target) void run(() => graphqlRequest(DELETE, { id: target.id }), `${LABELS}.deleted`);
        }}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}

/**
 * Webhooks: the endpoints that receive signed deliveries of the
 * changes they follow; New endpoint (its signing secret shown once), Edit,
 * the enabled switch, each endpoint's delivery log (Redeliver, Send test
 * event), and a notice for each endpoint disabled after failed deliveries.
 */
export default function WebhooksPage() {
  const translate = useTranslate();
  const readable = useAccess("read", "Webhook");
  const mayCreate = useAllowed("create", "Webhook");
  const [webhooks, setWebhooks] = useState<Webhook[]>();
  const [loadError, setLoadError] = useState<string>();
  const [creating, setCreating] = useState(false);
  const load = useCallback(async () => {
    try {
      setWebhooks((await graphqlRequest(LIST)).allWebhooks);
      setLoadError(undefined);
    } catch (err) {
      setLoadError(err instanceof Error ? err.message : String(err));
    }
  }, []);
  useEffect(() => {
    if (readable) void load();
  }, [load, readable]);
  if (readable === undefined) return <LoadingScreen />;
  if (!readable) return <AccessDenied />;
  const disabled = (webhooks ?? []).filter((webhook) => !webhook.enabled && webhook.disabledReason);
  return (
    <Box sx={{ display: "grid", gap: 2, mt: 2 }}>
      <Title title={`${LABELS}.title`} />
      <Card>
        <CardContent sx={{ display: "grid", gap: 2 }}>
          <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
            <Typography variant="h6" component="h1">
              {translate(`${LABELS}.title`)}
            </Typography>
            {mayCreate && (
              <Button variant="contained" onClick={() => setCreating(true)}>
                {translate(`${LABELS}.new`)}
              </Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate(`${LABELS}.explain`)}
          </Typography>
          {disabled.map((webhook) => (
            <Alert key={webhook.id} severity="warning">
              {translate(`${LABELS}.disabled_notice`, { url: webhook.url, reason: webhook.disabledReason })}
            </Alert>
          ))}
          {loadError && <Alert severity="error">{loadError}</Alert>}
          {webhooks === undefined && !loadError && <LoadingScreen />}
          {webhooks?.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {translate(`${LABELS}.none`)}
            </Typography>
          )}
          {!!webhooks?.length && <WebhookTable webhooks={webhooks} reload={load} />}
        </CardContent>
      </Card>
      <WebhookDialog open={creating} onClose={() => setCreating(false)} onSaved={() => void load()} />
    </Box>
  );
}
