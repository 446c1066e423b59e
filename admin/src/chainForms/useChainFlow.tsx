import { Alert, Box, LinearProgress, Typography } from "@mui/material";
import { useCallback, useMemo, useState } from "react";
import { HttpError, useNotify, useTranslate } from "react-admin";
import { CHAIN_ERROR_ANCHOR, humanError } from "../chain";

export type FlowStep = "wallet" | "checking" | "mining" | "pair" | "reading" | "saving" | "reconciling";

export interface FlowState {
  step: { key: FlowStep; args?: Record<string, unknown> } | null;
  /** The last failure or warning, in plain words; stays shown in the form until the next attempt. */
  problem: { severity: "error" | "warning" | "info"; text: string } | null;
}

const IDLE: FlowState = { step: null, problem: null };

/**
 * The progress of a form that signs transactions then saves a record: which
 * step runs, and the last problem. `chainFailed` is the
 * 'Try Again' toast (top right, with the plain reason the chain layer gives:
 * not the owner, the decoded revert reason, rejected in the wallet, …).
 */
export function useChainFlow() {
  const notify = useNotify();
  const translate = useTranslate();
  const [state, setState] = useState<FlowState>(IDLE);

  const go = useCallback((key: FlowStep, args?: Record<string, unknown>) => setState({ step: { key, args }, problem: null }), []);
  const reset = useCallback(() => setState(IDLE), []);

  const chainFailed = useCallback(
    (e: unknown) => {
      const reason = humanError(e);
      const text = `${translate("app.chain_form.try_again")} ${reason}`;
      notify(text, { type: "error", messageArgs: { _: text }, anchorOrigin: CHAIN_ERROR_ANCHOR });
      setState({ step: null, problem: { severity: "error", text: reason } });
    },
    [notify, translate],
  );

  /** A message toasted at the top centre (server answers) and kept in the form. */
  const report = useCallback(
    (text: string, severity: "error" | "warning" | "info" = "warning") => {
      notify(text, { type: severity, messageArgs: { _: text } });
      setState({ step: null, problem: { severity, text } });
    },
    [notify],
  );

  return useMemo(() => ({ ...state, go, reset, chainFailed, report }), [state, go, reset, chainFailed, report]);
}

/** The running step (with a progress bar) and the last problem, under a chain form's inputs. */
export function ChainProgress({ step, problem }: FlowState) {
  const translate = useTranslate();
  if (!step && !problem) return null;
  return (
    <Box sx={{ mt: 2 }} aria-live="polite">
      {step && (
        <>
          <LinearProgress />
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="chain-step">
            {translate(`app.chain_form.steps.${step.key}`, step.args)}
          </Typography>
        </>
      )}
      {problem && (
        <Alert severity={problem.severity} sx={{ mt: 1, wordBreak: "break-word" }}>
          {problem.text}
        </Alert>
      )}
    </Box>
  );
}

/** A failed save: the server's message and its per-field errors (BAD_USER_INPUT), as the data provider reports them. */
export function saveErrorOf(thrown: unknown): { message: string; fieldErrors: Record<string, string> | undefined } {
  const body = thrown instanceof HttpError ? (thrown.body as { errors?: Record<string, string> } | undefined) : undefined;
  const message = (thrown as Error)?.message || "ra.notification.http_error";
  return { message, fieldErrors: body?.errors && Object.keys(body.errors).length ? body.errors : undefined };
}
