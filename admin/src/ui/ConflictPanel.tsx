import { Alert, AlertTitle, Box, Button, LinearProgress, Stack } from "@mui/material";
import { createContext, useContext, useEffect, useRef, useState, type MutableRefObject } from "react";
import { useFormContext } from "react-hook-form";
import { Confirm, useDataProvider, useEditContext, useSaveContext, useTranslate } from "react-admin";
import type { Conflict } from "../providers/errors";
import { useScreens } from "./screens";
import { useNaming } from "../audit/labels";
import { formatDateTime } from "./columns";
import { ConflictTable, formFieldLabel, MergeValue, type Side } from "./ConflictTable";
import {
  cloneValues,
  comparedPaths,
  formValueOf,
  mergedValues,
  mergeFields,
  sameFormValue,
  type FieldMerge,
  type Values,
} from "./mergeFields";
import { UploadSources } from "./uploadSources";
import { getPath } from "./getPath";

/** The edit dialog's refused save, if the last one was refused because someone else saved in between. */
export const ConflictContext = createContext<{ conflict: Conflict | null; clear: () => void }>({ conflict: null, clear: () => undefined });

/** What the user had typed when they reloaded their version: each field they had changed, with its value. */
interface Mine {
  type: string;
  uploads: Record<string, string>;
  fields: { path: string; value: unknown }[];
}

interface ChoicesProps {
  conflict: Conflict;
  clear: () => void;
  /** The version the form's values are based on: the one opened, or the last one merged with. */
  base: MutableRefObject<Values | null>;
  onReload: (mine: Mine) => void;
}

function ConflictChoices({ conflict, clear, base, onReload }: ChoicesProps) {
  const translate = useTranslate();
  const naming = useNaming();
  const form = useFormContext();
  const { record, resource = "", refetch } = useEditContext();
  const { save } = useSaveContext();
  const dataProvider = useDataProvider();
  const sources = useContext(UploadSources);
  const { screenOf } = useScreens();
  const type = screenOf(resource).type ?? resource;
  // Taken when the save is refused, before anything of theirs goes into the form.
  const [snapshot] = useState(() => ({
    loaded: cloneValues(base.current ?? (form.formState.defaultValues as Values) ?? {}),
    yours: cloneValues(form.getValues()),
    // react-hook-form's registered inputs: what the form shows (it has no public list of them).
    paths: comparedPaths(form.control._names.mount),
    uploads: Object.fromEntries(sources ?? []),
  }));
  const { loaded, yours, paths, uploads } = snapshot;
  const [theirs, setTheirs] = useState<Values | null>(null);
  const [failed, setFailed] = useState(false);
  const [picks, setPicks] = useState<Record<string, Side>>({});
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const rows: FieldMerge[] = theirs ? mergeFields(paths, loaded, theirs, yours, uploads) : [];

  useEffect(() => {
    let live = true;
    // Fetched aside: the edit context's refetch would reset the form, and with it what the user typed.
    dataProvider.getOne(resource, { id: record?.id }).then(
      ({ data }) => {
        if (!live) return;
        const current = data as Values;
        // A field only they changed takes their value at once; yours stay as typed.
        for (const row of mergeFields(paths, loaded, current, yours, uploads))
          if (row.outcome === "theirs") form.setValue(row.path, formValueOf(row, "theirs", uploads), { shouldDirty: true });
        base.current = current;
        setTheirs(current);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
    // Once per refused save: the snapshot is what it compares.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pick = (path: string, side: Side) => {
    setPicks((before) => ({ ...before, [path]: side }));
    const row = rows.find((r) => r.path === path);
    if (row) form.setValue(path, formValueOf(row, side, uploads), { shouldDirty: true });
  };
  // Saved over the version the gateway named (in meta: a screen's transform may drop fields); a third save in between is refused again.
  const saveOver = (values: Values) => {
    clear();
    void save?.(values, { meta: { expectedVersion: conflict.currentVersion } });
  };
  const saveMerged = () => theirs && saveOver(mergedValues(rows, theirs, yours, paths, picks, uploads));
  const reload = async () => {
    setBusy(true);
    try {
      const changed = paths.filter((path) => !sameFormValue(getPath(loaded, uploads[path] ?? path), getPath(yours, path)));
      const { data } = await refetch();
      // Their version replaces what the user typed only now, at the user's choice; what they typed stays on show.
      if (data) form.reset(data);
      base.current = (data as Values) ?? null;
      onReload({ type, uploads, fields: changed.map((path) => ({ path, value: getPath(yours, path) })) });
      clear();
    } finally {
      setBusy(false);
    }
  };
  const replaced = rows.filter((row) => row.outcome !== "yours").map((row) => formFieldLabel(naming, type, row.path, uploads));
  const question = !theirs
    ? "app.audit.conflict.overwrite_unknown"
    : replaced.length
      ? "app.audit.conflict.overwrite_fields"
      : "app.audit.conflict.overwrite_none";
  const unpicked = rows.some((row) => row.outcome === "both" && !picks[row.path]);

  return (
    <Alert
      severity="warning"
      role="alert"
      // The icon's column is left out on a phone: the table takes the whole width.
      sx={{ mb: 2, "& .MuiAlert-message": { width: "100%", minWidth: 0 }, "& .MuiAlert-icon": { display: { xs: "none", sm: "flex" } } }}
    >
      <AlertTitle>{translate("app.audit.conflict.title")}</AlertTitle>
      {conflict.savedBy && translate("app.audit.conflict.saved_by", { name: conflict.savedBy, time: formatDateTime(conflict.savedAt) })}
      {!theirs && !failed && (
        <Box role="status" sx={{ my: 1 }}>
          {translate("app.audit.conflict.loading")}
          <LinearProgress />
        </Box>
      )}
      {failed && <Box sx={{ my: 1 }}>{translate("app.audit.conflict.not_loaded")}</Box>}
      {theirs && rows.length > 0 && <ConflictTable type={type} rows={rows} uploads={uploads} picks={picks} onPick={pick} />}
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
        <Button variant="contained" size="small" onClick={saveMerged} disabled={busy || !theirs || unpicked}>
          {translate("app.audit.conflict.save_merged")}
        </Button>
        <Button variant="outlined" size="small" onClick={reload} disabled={busy}>
          {translate("app.audit.conflict.reload")}
        </Button>
        {/* Not while their version loads: the confirmation names the fields it replaces (or says it could not know). */}
        <Button variant="outlined" color="warning" size="small" onClick={() => setAsking(true)} disabled={busy || (!theirs && !failed)}>
          {translate("app.audit.conflict.overwrite")}
        </Button>
      </Stack>
      <Confirm
        isOpen={asking}
        title="app.audit.conflict.overwrite_title"
        content={question}
        translateOptions={{ fields: replaced.join(", ") }}
        confirm="app.audit.conflict.overwrite"
        onConfirm={() => {
          setAsking(false);
          saveOver(yours);
        }}
        onClose={() => setAsking(false)}
      />
    </Alert>
  );
}

/** What the user typed before reloading, until the dialog closes: to copy, or to put back over their version. */
function RestoreMine({ mine }: { mine: Mine }) {
  const translate = useTranslate();
  const naming = useNaming();
  const form = useFormContext();
  const restore = () => {
    for (const { path, value } of mine.fields) form.setValue(path, cloneValues(value), { shouldDirty: true });
  };
  return (
    <Alert severity="info" role="status" sx={{ mb: 2, "& .MuiAlert-message": { width: "100%", minWidth: 0 } }}>
      <AlertTitle>{translate("app.audit.conflict.mine_title")}</AlertTitle>
      <Box component="dl" sx={{ m: 0, "& dd": { ml: 0, mb: 1, overflowWrap: "anywhere" }, "& dt": { fontWeight: 600 } }}>
        {mine.fields.map(({ path, value }) => (
          <Box key={path}>
            <dt>{formFieldLabel(naming, mine.type, path, mine.uploads)}</dt>
            <dd>
              <MergeValue type={mine.type} field={(mine.uploads[path] ?? path).split(".").pop() ?? path} value={value} />
            </dd>
          </Box>
        ))}
      </Box>
      <Button variant="outlined" size="small" onClick={restore}>
        {translate("app.audit.conflict.restore_mine")}
      </Button>
    </Alert>
  );
}

/**
 * Shown over the form after a refused save: who saved in between and when,
 * field by field what they changed and what you did (merged where only one
 * side changed), then save the merge, reload their version or overwrite it.
 */
export function ConflictPanel() {
  const { conflict, clear } = useContext(ConflictContext);
  const base = useRef<Values | null>(null);
  const [mine, setMine] = useState<Mine | null>(null);
  return (
    <>
      {conflict && <ConflictChoices key={conflict.currentVersion} conflict={conflict} clear={clear} base={base} onReload={setMine} />}
      {mine && mine.fields.length > 0 && <RestoreMine mine={mine} />}
    </>
  );
}
