import { Alert, AlertTitle, Button, Stack } from "@mui/material";
import { useContext, useEffect, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useDataProvider, useEditContext, useTranslate } from "react-admin";
import { useScreens } from "../ui/screens";
import { ConflictContext } from "../ui/ConflictPanel";
import { ConflictTable, type Side } from "../ui/ConflictTable";
import { comparedPaths, formValueOf, mergeFields, type FieldMerge, type Values } from "../ui/mergeFields";
import { UploadSources } from "../ui/uploadSources";
import type { Change } from "./changeStream";
import { isOwnWrite } from "./ownWrites";
import { useChanges } from "./useChanges";

/** Another admin's save of the open record, as the dialog shows it before any save of its own. */
interface Saved {
  change: Change;
  /** Their record (null for a delete, or while it loads). */
  theirs: Values | null;
  /** The fields they changed since the form's version, and those both changed. */
  rows: FieldMerge[];
}

/** 'bob saved this record 5 s ago', counted up each second. */
function useSecondsSince(at: string) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((now - Date.parse(at)) / 1000));
}

function SavedNotice({ saved, onTake, onDismiss }: { saved: Saved; onTake: (picks: Record<string, Side>) => void; onDismiss: () => void }) {
  const translate = useTranslate();
  const { resource = "" } = useEditContext();
  const uploads = Object.fromEntries(useContext(UploadSources) ?? []);
  const [picks, setPicks] = useState<Record<string, Side>>({});
  const seconds = useSecondsSince(saved.change.at);
  const { screenOf } = useScreens();
  const type = screenOf(resource).type ?? resource;
  const deleted = saved.change.op === "delete";
  const name = saved.change.actor ?? translate("app.live.someone");
  const ago =
    seconds < 60 ? translate("app.live.seconds_ago", { n: seconds }) : translate("app.live.minutes_ago", { n: Math.floor(seconds / 60) });
  return (
    <Alert
      severity={deleted ? "warning" : "info"}
      sx={{ mb: 2, "& .MuiAlert-message": { width: "100%", minWidth: 0 }, "& .MuiAlert-icon": { display: { xs: "none", sm: "flex" } } }}
    >
      <AlertTitle>{translate(deleted ? "app.live.deleted_by" : "app.live.saved_by", { name, ago })}</AlertTitle>
      {!deleted && saved.theirs && !saved.rows.length && translate("app.live.no_fields")}
      {saved.rows.length > 0 && (
        <ConflictTable
          type={type}
          rows={saved.rows}
          uploads={uploads}
          picks={picks}
          onPick={(path, side) => setPicks((before) => ({ ...before, [path]: side }))}
          captions={{ theirs: "app.live.their_change" }}
        />
      )}
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
        {!deleted && saved.theirs && (
          <Button variant="contained" size="small" onClick={() => onTake(picks)}>
            {translate("app.live.take")}
          </Button>
        )}
        <Button variant="outlined" size="small" onClick={onDismiss}>
          {translate("app.live.dismiss")}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Over an open edit form: another admin (or this admin in another tab) saved
 * the record meanwhile. Says who and how long ago, which fields they changed
 * against the form's values, and takes their values on request: the fields
 * only they changed, and those both changed where the user picks theirs; the
 * form then stands on their version, so its save is not refused. A later save
 * over yet another version still gets the conflict panel.
 */
export function SavedElsewhere() {
  const form = useFormContext();
  const { record, resource = "" } = useEditContext();
  const dataProvider = useDataProvider();
  const sources = useContext(UploadSources);
  const { conflict } = useContext(ConflictContext);
  const [saved, setSaved] = useState<Saved | null>(null);
  const id = record?.id === undefined ? undefined : String(record.id);

  const { screenOf } = useScreens();
  useChanges(screenOf(resource).type ?? resource, (change) => {
    if (change.id !== id || change.op.startsWith("presence") || isOwnWrite(change)) return;
    // The form already stands on this version (its own save, or their values taken).
    const version = form.getValues("version") as unknown;
    if (typeof change.version === "number" && typeof version === "number" && change.version <= version) return;
    if (change.op === "delete") return setSaved({ change, theirs: null, rows: [] });
    setSaved((before) => ({ change, theirs: null, rows: before?.rows ?? [] }));
    dataProvider.getOne(resource, { id: record?.id }).then(
      ({ data }) => {
        const theirs = data as Values;
        const paths = comparedPaths(form.control._names.mount);
        const loaded = (form.formState.defaultValues as Values) ?? {};
        const uploads = Object.fromEntries(sources ?? []);
        const rows = mergeFields(paths, loaded, theirs, form.getValues(), uploads).filter((row) => row.outcome !== "yours");
        // A newer change may have come meanwhile: the latest answer wins.
        setSaved((now) => (now?.change === change ? { change, theirs, rows } : now));
      },
      () => undefined, // their version is read again at the next change, or at a refused save
    );
  });

  const take = (picks: Record<string, Side>) => {
    if (!saved?.theirs) return;
    const uploads = Object.fromEntries(sources ?? []);
    const both = saved.rows.filter((row) => row.outcome === "both" && picks[row.path] === "theirs");
    // Their version becomes the form's: fields the user did not touch take their values, typed ones stay.
    form.reset(saved.theirs, { keepDirtyValues: true });
    for (const row of both) form.setValue(row.path, formValueOf(row, "theirs", uploads), { shouldDirty: true });
    setSaved(null);
  };

  // The form has caught up with their save since (their version reloaded after a refused save, or taken): nothing to tell.
  const formVersion = useWatch({ name: "version" }) as unknown;
  const caughtUp = typeof saved?.change.version === "number" && typeof formVersion === "number" && saved.change.version <= formVersion;
  if (!saved || conflict || caughtUp) return null;
  return <SavedNotice key={saved.change.version ?? saved.change.at} saved={saved} onTake={take} onDismiss={() => setSaved(null)} />;
}
