import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Button, IconButton, Tooltip } from "@mui/material";
import { createContext, useCallback, useContext, useState } from "react";
import {
  DeleteWithConfirmButton,
  DeleteWithUndoButton,
  useDeleteController,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type Identifier,
} from "react-admin";
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

/** True inside a phone row's actions menu: the row buttons show their names beside their icons there (no tooltips on touch). */
export const RowMenuContext = createContext(false);

/** The row's edit button: opens the screen's update dialog; shown to who may update the records. */
export function EditRowButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const onEdit = useContext(EditDialogContext);
  const allowed = useAllowed("edit", useContext(EditTargetContext));
  const inMenu = useContext(RowMenuContext);
  if (!record || !allowed) return null;
  const label = translate("ra.action.edit");
  if (inMenu)
    return (
      <Button startIcon={<EditIcon />} onClick={() => onEdit(record.id)} size="small">
        {label}
      </Button>
    );
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
  const inMenu = useContext(RowMenuContext);
  if (!useAllowed("delete")) return null;
  if (inMenu && !confirm) return <UndoableDeleteMenuButton />;
  return confirm ? (
    <DeleteWithConfirmButton redirect={false} mutationMode="pessimistic" size="small" />
  ) : (
    <DeleteWithUndoButton redirect={false} size="small" />
  );
}

/** DeleteWithUndoButton's deletion, labelled: react-admin's buttons drop their label below 600 px, which a menu needs. */
function UndoableDeleteMenuButton() {
  const translate = useTranslate();
  const record = useRecordContext();
  const resource = useResourceContext();
  const { isPending, handleDelete } = useDeleteController({ record, resource, redirect: false, mutationMode: "undoable" });
  return (
    <Button color="error" size="small" startIcon={<DeleteIcon />} onClick={() => handleDelete()} disabled={isPending}>
      {translate("ra.action.delete")}
    </Button>
  );
}
