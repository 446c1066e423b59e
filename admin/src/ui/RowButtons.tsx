import EditIcon from "@mui/icons-material/Edit";
import { IconButton, Tooltip } from "@mui/material";
import { createContext, useCallback, useContext, useState } from "react";
import { DeleteWithConfirmButton, DeleteWithUndoButton, useRecordContext, useTranslate, type Identifier } from "react-admin";
import { useAllowed } from "./access";

/** What a screen's update dialog is given: the record it is open for (null: closed). */
export interface EditDialogProps {
  id: Identifier | null;
  onClose: () => void;
}

/** Which record an edit dialog is open for. */
export function useEditDialog() {
  const [id, setId] = useState<Identifier | null>(null);
  // Stable, so that opening it from an effect (a link to a record) runs once.
  const open = useCallback((next: Identifier) => setId(next), []);
  const close = useCallback(() => setId(null), []);
  return { id, open, close };
}

/** Opens the list's update dialog (CrudList provides it), so row buttons are plain column configuration. */
export const EditDialogContext = createContext<(id: Identifier) => void>(() => undefined);

/** The resource the list's update dialog saves to, when not the screen's (CrudList provides it). */
export const EditTargetContext = createContext<string | undefined>(undefined);

/** The row's edit button: opens the screen's update dialog; shown to who may update the records. */
export function EditRowButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const onEdit = useContext(EditDialogContext);
  const allowed = useAllowed("edit", useContext(EditTargetContext));
  if (!record || !allowed) return null;
  const label = translate("ra.action.edit");
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={() => onEdit(record.id)} size="small">
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * Deletes the row's record, shown to who may delete the records: with an undo
 * in the toast, or (`confirm`) after a confirmation, waiting for the gateway's
 * answer so that its refusal is shown.
 */
export function DeleteRowButton({ confirm = false }: { confirm?: boolean }) {
  // react-admin's DeleteButton would ask canAccess again (and show nothing until then): the answer is known here.
  if (!useAllowed("delete")) return null;
  return confirm ? (
    <DeleteWithConfirmButton redirect={false} mutationMode="pessimistic" size="small" />
  ) : (
    <DeleteWithUndoButton redirect={false} size="small" />
  );
}
