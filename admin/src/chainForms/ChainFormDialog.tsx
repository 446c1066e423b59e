import { Box, Button, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import type { ReactNode } from "react";
import { Form, SaveButton, useTranslate } from "react-admin";
import { ConnectButton } from "../chain";
import { ResponsiveDialog } from "../ui/ResponsiveDialog";

export interface ChainFormDialogProps {
  open: boolean;
  onClose(): void;
  /** i18n keys. */
  title: string;
  submitLabel: string;
  /** Changing it starts a fresh, empty form. */
  formKey?: number | string;
  /** Resolves with per-field errors to show under the inputs, or nothing. */
  onSubmit(values: Record<string, any>): Promise<Record<string, string> | undefined | void>;
  /** Under the inputs: progress and problems. */
  status?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of a form whose submit signs transactions: the title with the
 * wallet's connect / address button, the inputs, the progress, Close and the
 * submit button (busy while the submit runs). The form stays mounted while
 * the dialog is hidden, so its values and server errors are there again when
 * it reopens (errors under the inputs, modal hidden).
 * Must sit inside a <WalletProvider>.
 */
export function ChainFormDialog({ open, onClose, title, submitLabel, formKey, onSubmit, status, children }: ChainFormDialogProps) {
  const translate = useTranslate();
  return (
    <ResponsiveDialog open={open} onClose={onClose} keepMounted fullWidth maxWidth="sm">
      <Form key={formKey} noValidate onSubmit={onSubmit}>
        <Box sx={{ display: "flex", alignItems: "center", pr: 3 }}>
          <DialogTitle sx={{ flex: 1 }}>{translate(title, { _: title })}</DialogTitle>
          <ConnectButton size="small" />
        </Box>
        <DialogContent dividers>
          <Stack spacing={1}>{children}</Stack>
          {status}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate("app.form.close")}</Button>
          <SaveButton label={submitLabel} icon={<></>} alwaysEnable variant="contained" />
        </DialogActions>
      </Form>
    </ResponsiveDialog>
  );
}
