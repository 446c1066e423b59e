import { Box, Button, DialogActions, DialogContent, DialogTitle, Stack, Tab, Tabs } from "@mui/material";
import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import {
  Confirm,
  CreateBase,
  EditBase,
  Form,
  SaveButton,
  useEditContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useSaveContext,
  useTranslate,
  type Identifier,
  type RaRecord,
  type TransformData,
} from "react-admin";
import { conflictOf, type Conflict } from "../providers/errors";
import { savedMessageOf } from "../providers/savedMessage";
import { useScreens } from "./screens";
import { hasHistory } from "../audit/contentTypes";
import { LiveNotices } from "../live/LiveNotices";
import { ConflictContext, ConflictPanel } from "./ConflictPanel";
import { LoadingScreen } from "./LoadingScreen";
import { ResponsiveDialog } from "./ResponsiveDialog";
import { UploadSources } from "./uploadSources";

// Loaded when a History tab is first opened.
const HistoryTab = lazy(() => import("../audit/HistoryTab").then((m) => ({ default: m.HistoryTab })));

/** A question to ask before saving these values over this record (i18n key), or null to save at once. */
export type SaveConfirmation = (values: Record<string, unknown>, record: RaRecord | undefined) => string | null;

interface DialogFormProps {
  /** i18n keys. */
  title: string;
  submitLabel: string;
  onClose: () => void;
  children: ReactNode;
  confirm?: SaveConfirmation;
  /** The record can only be looked at (a built-in role): no submit button. */
  readOnly?: (record: RaRecord | undefined) => boolean;
}

/** The submit button; when `confirm` asks a question, saving waits for the answer. */
function SubmitButton({ label, confirm }: { label: string; confirm?: SaveConfirmation }) {
  const form = useFormContext();
  const record = useRecordContext();
  const { save } = useSaveContext();
  const [question, setQuestion] = useState<string | null>(null);
  const ask = (event: MouseEvent<HTMLButtonElement>) => {
    const asked = confirm?.(form.getValues(), record) ?? null;
    if (!asked) return;
    // Not submitted now: only once the question is answered yes.
    event.preventDefault();
    setQuestion(asked);
  };
  return (
    <>
      <SaveButton label={label} icon={<></>} alwaysEnable variant="contained" onClick={ask} />
      <Confirm
        isOpen={question !== null}
        title="app.form.confirm_title"
        content={question ?? ""}
        confirm="app.form.confirm_save"
        onConfirm={() => {
          setQuestion(null);
          void form.handleSubmit((values) => save?.(values))();
        }}
        onClose={() => setQuestion(null)}
      />
    </>
  );
}

function DialogForm({
  title,
  submitLabel,
  onClose,
  children,
  confirm,
  readOnly,
  historyOf,
  notices,
}: DialogFormProps & { historyOf?: string; notices?: ReactNode }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const [tab, setTab] = useState<"details" | "history">("details");
  return (
    <Form noValidate>
      <DialogTitle>{translate(title, { _: title })}</DialogTitle>
      {historyOf && (
        <Tabs value={tab} onChange={(_, next) => setTab(next)} sx={{ px: 3 }}>
          <Tab value="details" label={translate("app.audit.details")} />
          <Tab value="history" label={translate("app.audit.history")} />
        </Tabs>
      )}
      <DialogContent dividers>
        {notices}
        <ConflictPanel />
        {/* Hidden, not unmounted, on the History tab: the inputs keep what the user typed. */}
        <Box hidden={tab !== "details"}>
          <Stack spacing={1}>{children}</Stack>
        </Box>
        {historyOf && tab === "history" && (
          <Suspense fallback={<LoadingScreen />}>
            <HistoryTab type={historyOf} />
          </Suspense>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("app.form.close")}</Button>
        {!readOnly?.(record) && <SubmitButton label={submitLabel} confirm={confirm} />}
      </DialogActions>
    </Form>
  );
}

/** Server field names whose label is not `app.fields.<name>`. */
const FIELD_LABELS: Record<string, string> = {
  name: "app.auth.name",
  email: "app.auth.email",
  password: "app.auth.password",
  password2: "app.auth.confirm_password",
  file: "app.fields.image",
  role: "resources.Users.fields.role",
};

/** A refused save's toast names each field by its label ('Confirm Password: Passwords do not match'), never by its server name. */
export function fieldErrorsText(errors: Record<string, string>, translate: (key: string, options?: object) => string) {
  return Object.entries(errors)
    .map(([field, message]) => `${translate(FIELD_LABELS[field] ?? `app.fields.${field}`, { _: field })}: ${message}`)
    .join("; ");
}

function useDialogMutation(
  onClose: () => void,
  fallbackMessage: string,
  notice?: (message: string) => ReactNode,
  onConflict?: (conflict: Conflict) => void,
) {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  return {
    onSuccess: (saved: unknown) => {
      // The toast shows the server's message.
      const message = savedMessageOf(saved) ?? translate(fallbackMessage);
      if (notice) notify(notice(message), { type: "success", autoHideDuration: NOTICE_MS });
      else notify(message, { type: "success" });
      onClose();
      refresh();
    },
    onError: (error: unknown) => {
      const conflict = onConflict && conflictOf(error);
      // The dialog asks what to do instead (ConflictPanel); the form keeps the user's values meanwhile.
      if (conflict) return onConflict(conflict);
      const errors = (error as { body?: { errors?: Record<string, string> } })?.body?.errors;
      if (errors && Object.keys(errors).length) notify(fieldErrorsText(errors, translate), { type: "error" });
      else notify((error as Error)?.message || "ra.notification.http_error", { type: "error" });
    },
  };
}

/** A toast that names where a record went stays long enough to read and follow its link. */
const NOTICE_MS = 8000;

export interface CreateDialogProps extends DialogFormProps {
  open: boolean;
  /** Another resource than the screen's (e.g. the IP whitelist from Road More). */
  resource?: string;
  transform?: TransformData;
  /** Values the form starts with. */
  record?: Partial<RaRecord>;
  /** The toast after saving, given the saved message. */
  notice?: (message: string) => ReactNode;
}

/**
 * An 'Add ...' modal. Its inputs start empty each time it opens (the form is
 * mounted on open); server field errors show under each input.
 */
export function CreateDialog({ open, onClose, resource, transform, record, notice, ...form }: CreateDialogProps) {
  const mutationOptions = useDialogMutation(onClose, "app.form.created", notice);
  return (
    <ResponsiveDialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      {open && (
        // The Add button shows only to who may create (ui/access.tsx), inside a signed-in list: react-admin need not ask again.
        <CreateBase
          resource={resource}
          redirect={false}
          transform={transform}
          record={record}
          mutationOptions={mutationOptions}
          disableAuthentication
        >
          <DialogForm onClose={onClose} {...form} />
        </CreateBase>
      )}
    </ResponsiveDialog>
  );
}

function LoadedForm(props: DialogFormProps & { historyOf?: string }) {
  const { isPending } = useEditContext();
  return isPending ? <LoadingScreen /> : <DialogForm {...props} notices={<LiveNotices />} />;
}

export interface EditDialogProps extends DialogFormProps {
  /** The record being edited; the dialog is open while it is set. */
  id: Identifier | null;
  /** Another resource than the screen's. */
  resource?: string;
  transform?: TransformData;
}

/**
 * An 'Update ...' modal on one record; saves then refreshes the list. A save
 * over someone else's newer change is refused and the dialog merges it with
 * theirs field by field, or reloads or overwrites theirs; content records
 * have a History tab.
 */
export function EditDialog({ id, resource, onClose, transform, ...form }: EditDialogProps) {
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [uploads] = useState(() => new Map<string, string>());
  const close = () => {
    setConflict(null);
    onClose();
  };
  const mutationOptions = useDialogMutation(close, "app.form.updated", undefined, setConflict);
  const listResource = useResourceContext();
  const { screenOf } = useScreens();
  const type = screenOf(resource ?? listResource ?? "").type;
  const open = id !== null && id !== undefined;
  return (
    <ResponsiveDialog open={open} onClose={close} fullWidth maxWidth="md">
      {open && (
        // Opened by an Edit button shown only to who may update (ui/access.tsx): react-admin need not ask again.
        <EditBase
          disableAuthentication
          id={id}
          resource={resource}
          redirect={false}
          mutationMode="pessimistic"
          transform={transform}
          mutationOptions={mutationOptions}
        >
          <ConflictContext.Provider value={{ conflict, clear: () => setConflict(null) }}>
            <UploadSources.Provider value={uploads}>
              <LoadedForm onClose={close} historyOf={type && hasHistory(type) ? type : undefined} {...form} />
            </UploadSources.Provider>
          </ConflictContext.Provider>
        </EditBase>
      )}
    </ResponsiveDialog>
  );
}
