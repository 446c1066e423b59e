import { Alert } from "@mui/material";
import { useEditContext, useTranslate } from "react-admin";
import { useScreens } from "../ui/screens";
import { usePresence } from "./presence";
import { SavedElsewhere } from "./SavedElsewhere";

/** 'Also open by bob': who else has the record open now (no lock: anyone may save, a later save merges). */
function AlsoOpen() {
  const translate = useTranslate();
  const { record, resource = "" } = useEditContext();
  const { screenOf } = useScreens();
  const names = usePresence(screenOf(resource).type ?? resource, record?.id === undefined ? undefined : String(record.id));
  if (!names.length) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {translate("app.live.also_open", { names: names.join(", ") })}
    </Alert>
  );
}

/** What the live stream tells an open edit dialog: who else has it open, and another's save meanwhile. */
export function LiveNotices() {
  return (
    <>
      <AlsoOpen />
      <SavedElsewhere />
    </>
  );
}
