import { col, type Column } from "./columns";
import { DeleteRowButton, EditRowButton } from "./RowButtons";
import { VisibilityToggle } from "./VisibilityToggle";

/** The row-button columns of the list screens (shown, never exported). */
export const rowActions = {
  /** Opens the list's update dialog; 'Edit' unless the screen heads it otherwise. */
  edit: (label = "app.list.edit"): Column => col.actions("edit", label, () => <EditRowButton />),
  /** Shows or hides the record on the public site. */
  showHide: (label = "app.list.show_hide"): Column => col.actions("visible", label, () => <VisibilityToggle />),
  delete: (): Column => col.actions("delete", "app.list.delete", () => <DeleteRowButton />),
  /** Edit and delete in one 'Action' column. */
  editDelete: (): Column =>
    col.actions("action", "app.list.action", () => (
      <>
        <EditRowButton />
        <DeleteRowButton />
      </>
    )),
};
