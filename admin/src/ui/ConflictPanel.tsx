import { Alert, AlertTitle, Button, Stack } from "@mui/material";
import { createContext, useContext, useState } from "react";
import { useFormContext } from "react-hook-form";
import { useEditContext, useSaveContext, useTranslate } from "react-admin";
import type { Conflict } from "../providers/errors";
import { formatDateTime } from "./columns";

/** The edit dialog's refused save, if the last one was refused because someone else saved in between. */
export const ConflictContext = createContext<{ conflict: Conflict | null; clear: () => void }>({ conflict: null, clear: () => undefined });

function ConflictChoices({ conflict, clear }: { conflict: Conflict; clear: () => void }) {
  const translate = useTranslate();
  const form = useFormContext();
  const { refetch } = useEditContext();
  const { save } = useSaveContext();
  const [busy, setBusy] = useState(false);
  const reload = async () => {
    setBusy(true);
    try {
      const { data } = await refetch();
      // Their version replaces what the user typed only now, at the user's choice.
      if (data) form.reset(data);
      clear();
    } finally {
      setBusy(false);
    }
  };
  const overwrite = () => {
    clear();
    // Saved over the version the gateway named (in meta: a screen's transform may drop fields); a third save in between is refused again.
    void save?.(form.getValues(), { meta: { expectedVersion: conflict.currentVersion } });
  };
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
      <AlertTitle>{translate("app.audit.conflict.title")}</AlertTitle>
      {conflict.savedBy && translate("app.audit.conflict.saved_by", { name: conflict.savedBy, time: formatDateTime(conflict.savedAt) })}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button variant="outlined" size="small" onClick={reload} disabled={busy}>
          {translate("app.audit.conflict.reload")}
        </Button>
        <Button variant="contained" color="warning" size="small" onClick={overwrite} disabled={busy}>
          {translate("app.audit.conflict.overwrite")}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Shown over the form after a refused save: who saved in between and when, then reload their version or overwrite it. */
export function ConflictPanel() {
  const { conflict, clear } = useContext(ConflictContext);
  return conflict ? <ConflictChoices conflict={conflict} clear={clear} /> : null;
}
