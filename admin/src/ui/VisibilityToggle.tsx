import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { Button, IconButton, Switch, Tooltip } from "@mui/material";
import { useContext } from "react";
import { useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate, useUpdate } from "react-admin";
import { useAllowed } from "./access";
import { RowMenuContext } from "./RowButtons";

/**
 * Flips a boolean field of the row's record through the API, then refreshes
 * the list in place (the legacy admin reloaded the page).
 */
function useFlagToggle(source: string, messages: { on: string; off: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending: updating }] = useUpdate();
  // Who may not update the records sees the state, not a control.
  const allowed = useAllowed("edit");
  const isPending = updating || !allowed;
  const value = record?.[source] === true;
  const toggle = () =>
    record &&
    resource &&
    update(
      resource,
      { id: record.id, data: { [source]: !value }, previousData: record },
      {
        mutationMode: "pessimistic",
        onSuccess: () => {
          notify(value ? messages.off : messages.on, { type: "info" });
          refresh();
        },
        onError: (e) => notify((e as Error).message, { type: "error" }),
      },
    );
  return { record, value, toggle, isPending, allowed };
}

/** The eye button that shows or hides a record (news, news descriptions, articles, landing Status). */
export function VisibilityToggle({ source = "visible" }: { source?: string }) {
  const translate = useTranslate();
  const { record, value, toggle, isPending, allowed } = useFlagToggle(source, { on: "app.visibility.shown", off: "app.visibility.hidden" });
  const inMenu = useContext(RowMenuContext);
  if (!record) return null;
  const label = translate(value ? "app.visibility.hide" : "app.visibility.show");
  const icon = value ? <Visibility /> : <VisibilityOff />;
  // A phone's actions menu offers only what the user may do.
  if (inMenu)
    return allowed ? (
      <Button startIcon={icon} aria-pressed={value} onClick={toggle} disabled={isPending} size="small">
        {label}
      </Button>
    ) : null;
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} aria-pressed={value} onClick={toggle} disabled={isPending} color={value ? "primary" : "default"}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A switch for a yes/no field, such as a user's approval. */
export function FlagSwitch({ source, label, messages }: { source: string; label: string; messages: { on: string; off: string } }) {
  const translate = useTranslate();
  const { record, value, toggle, isPending } = useFlagToggle(source, messages);
  if (!record) return null;
  return <Switch checked={value} onChange={toggle} disabled={isPending} slotProps={{ input: { "aria-label": translate(label) } }} />;
}
