import { Alert, Box, Button, Chip, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { graphqlRequest } from "../../providers/graphqlFetch";
import { formatDateTime } from "../../ui/columns";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { SimpleTable } from "../../ui/SimpleTable";
import { TableScroll } from "../../ui/TableScroll";
import { DELIVERIES, REDELIVER, SEND_TEST, type Delivery, type Webhook } from "./api";

const LABELS = "app.webhooks";
const COLOURS: Record<string, "success" | "error" | "warning" | "default"> = { delivered: "success", failed: "error", pending: "warning" };

/** The body sent, folded: it may be long. */
function Body({ body }: { body: string }) {
  const translate = useTranslate();
  return (
    <Box component="details">
      <Box component="summary" sx={{ cursor: "pointer" }}>
        {translate(`${LABELS}.body`)}
      </Box>
      <Box component="pre" sx={{ m: 0, maxWidth: 480, overflow: "auto", fontSize: 12 }}>
        {body}
      </Box>
    </Box>
  );
}

/**
 * An endpoint's delivery log, newest first: event, status, response code,
 * latency, attempts, the body sent; Redeliver per delivery and Send test event.
 */
export function DeliveryLog({ webhook, onClose }: { webhook: Webhook | undefined; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [deliveries, setDeliveries] = useState<Delivery[]>();
  const [error, setError] = useState<string>();
  const load = useCallback(async () => {
    if (!webhook) return;
    try {
      setDeliveries((await graphqlRequest(DELIVERIES, { webhookId: webhook.id })).allWebhookDeliveries);
      setError(undefined);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }, [webhook]);
  useEffect(() => {
    setDeliveries(undefined);
    void load();
  }, [load]);
  const act = async (request: () => Promise<unknown>, done: string) => {
    try {
      await request();
      notify(done, { type: "success" });
      await load();
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: "error" });
    }
  };
  const url = webhook?.url ?? "";
  return (
    <ResponsiveDialog open={!!webhook} onClose={onClose} fullWidth maxWidth="lg">
      <DialogTitle>{translate(`${LABELS}.deliveries_title`, { url })}</DialogTitle>
      <DialogContent dividers sx={{ display: "grid", gap: 2 }}>
        {error && <Alert severity="error">{error}</Alert>}
        {deliveries?.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate(`${LABELS}.no_deliveries`)}
          </Typography>
        )}
        {!!deliveries?.length && (
          <TableScroll label={translate(`${LABELS}.deliveries`)}>
            <SimpleTable
              label={translate(`${LABELS}.deliveries`)}
              rows={deliveries}
              columns={[
                { label: translate(`${LABELS}.fields.created`), cell: (d) => formatDateTime(d.createdAt) },
                { label: translate(`${LABELS}.fields.event`), cell: (d) => d.eventType },
                {
                  label: translate(`${LABELS}.fields.status`),
                  cell: (d) => (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={COLOURS[d.status] ?? "default"}
                      label={translate(`${LABELS}.status.${d.status}`)}
                    />
                  ),
                },
                { label: translate(`${LABELS}.fields.response`), cell: (d) => d.responseStatus ?? "" },
                {
                  label: translate(`${LABELS}.fields.latency`),
                  cell: (d) => (d.latencyMs === null ? "" : translate(`${LABELS}.latency_ms`, { ms: d.latencyMs })),
                },
                { label: translate(`${LABELS}.fields.attempts`), cell: (d) => d.attempts },
                { label: translate(`${LABELS}.fields.error`), cell: (d) => d.lastError, sx: { maxWidth: 240, overflowWrap: "anywhere" } },
                { label: translate(`${LABELS}.body`), cell: (d) => <Body body={d.body} /> },
                {
                  label: translate("app.list.action"),
                  cell: (d) =>
                    d.status === "sending" ? null : (
                      <Button
                        size="small"
                        onClick={() => void act(() => graphqlRequest(REDELIVER, { deliveryId: d.id }), `${LABELS}.redelivered`)}
                        aria-label={translate(`${LABELS}.redeliver_named`, { id: d.webhookMessageId })}
                      >
                        {translate(`${LABELS}.redeliver`)}
                      </Button>
                    ),
                },
              ]}
            />
          </TableScroll>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void load()}>{translate(`${LABELS}.refresh`)}</Button>
        <Button onClick={() => webhook && void act(() => graphqlRequest(SEND_TEST, { id: webhook.id }), `${LABELS}.test_sent`)}>
          {translate(`${LABELS}.send_test`)}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate("app.form.close")}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
