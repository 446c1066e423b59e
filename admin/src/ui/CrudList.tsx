import { Box, Link, useMediaQuery, type Theme } from "@mui/material";
import { useCallback, useEffect, type ComponentType, type ReactElement, type ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import {
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useTranslate,
  type Identifier,
  type RaRecord,
  type SortPayload,
  type TransformData,
} from "react-admin";
import { HighlightedRows, LiveAnnouncement, LiveBody, liveRowSx } from "../live/LiveRows";
import { useLiveList } from "../live/useLiveList";
import { AddButton } from "./AddButton";
import { renderCell } from "./cells";
import { ID_ORDER, type Column } from "./columns";
import { ExportButtons } from "./ExportButtons";
import { forgetFirstPage } from "./firstPage";
import { EmptyList } from "./EmptyList";
import { CreateDialog, EditDialog, type SaveConfirmation } from "./FormDialog";
import { LazyDialog, useLazyDialog, type LazyDialogProps } from "./LazyDialog";
import { ListPagination } from "./ListPagination";
import { ListSkeleton } from "./ListSkeleton";
import { PhoneList } from "./PhoneList";
import { Allowed, useAllowed } from "./access";
import { EditDialogContext, EditTargetContext, useEditDialog } from "./RowButtons";

/**
 * The records: a table, or one row a record below 600 px (a phone); grey
 * skeleton rows of either shape while the first page loads. Live: others'
 * changes re-read the page and highlight what they brought.
 */
function Records({
  columns,
  empty,
  sort,
  onOpen,
  feed,
}: {
  columns: Column[];
  empty?: string;
  sort: SortPayload;
  onOpen?: (id: Identifier) => void;
  feed?: boolean;
}) {
  const { isPending } = useListContext();
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  const { highlighted, announcement, waiting, showWaiting } = useLiveList(feed);
  useEffect(() => {
    if (!isPending) forgetFirstPage();
  }, [isPending]);
  if (isPending) return <ListSkeleton columns={columns} phone={phone} />;
  return (
    <HighlightedRows.Provider value={highlighted}>
      <LiveAnnouncement text={announcement} />
      {waiting > 0 && (
        <Box sx={{ px: 2, pt: 1 }}>
          <Link component="button" onClick={showWaiting}>
            {translate("app.live.new_events", { smart_count: waiting })}
          </Link>
        </Box>
      )}
      {phone ? (
        <PhoneList columns={columns} defaultSort={sort} empty={empty} onOpen={onOpen} />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyList empty={empty} />} body={LiveBody} sx={liveRowSx}>
          {columns.map((c) => (
            <DataTable.Col key={c.key} source={c.source} label={c.label} disableSort={!c.sortable} render={renderCell(c)} />
          ))}
        </DataTable>
      )}
    </HighlightedRows.Provider>
  );
}

function Actions({ columns, children }: { columns: Column[]; children?: ReactNode }) {
  return (
    // Wrapping: on a phone a long 'Add ...' label and the exports take two lines rather than run off the screen's left edge.
    <TopToolbar sx={{ alignItems: "center", gap: 1, flexWrap: "wrap" }}>
      {children}
      <Allowed action="export">
        <ExportButtons columns={columns} />
      </Allowed>
    </TopToolbar>
  );
}

/** An 'Add ...' dialog given by its form: titled with the button's label, submitted with 'Add'. */
export interface AddForm {
  label: string;
  inputs: ReactNode;
  /** Another resource than the screen's (e.g. the IP whitelist from Road More). */
  resource?: string;
  transform?: TransformData;
  /** Values the form starts with. */
  record?: Partial<RaRecord>;
  /** The toast after saving, given the saved message (when the screen must say where the record went). */
  notice?: (message: string) => ReactNode;
}

/** An 'Add ...' dialog of its own (one that signs transactions...), mounted on first use so a lazy one loads then. */
export interface AddDialog {
  label: string;
  dialog: ComponentType<LazyDialogProps>;
  /** The resource it adds to, when not the screen's (the button shows only to who may add there). */
  resource?: string;
}

/** The update dialog that the rows' edit buttons open; submitted with 'Update' unless told otherwise. */
export interface EditForm {
  title: string;
  inputs: ReactNode;
  submitLabel?: string;
  transform?: TransformData;
  /** A question to ask before saving (the admin's own account...). */
  confirm?: SaveConfirmation;
  /** The record can only be looked at (a built-in role): the dialog has no submit button. */
  readOnly?: (record: RaRecord | undefined) => boolean;
  /** Another resource than the screen's, with the one record every row's edit button opens (e.g. the home block from Farms). */
  target?: { resource: string; id?: Identifier };
}

function AddFormDialog({ form: { label, inputs, ...props }, open, onClose }: LazyDialogProps & { form: AddForm }) {
  return (
    <CreateDialog open={open} onClose={onClose} title={label} submitLabel="app.form.add" {...props}>
      {inputs}
    </CreateDialog>
  );
}

export interface CrudListProps {
  /** i18n key (or text) of the page title. */
  title: string;
  /** The table's columns, row buttons included (ui/rowActions.tsx). */
  columns: Column[];
  /** The 'Add ...' button (its i18n label) and its dialog. */
  add?: AddForm | AddDialog;
  edit?: EditForm;
  /** More buttons before the exports (a wallet's connect button...). */
  actions?: ReactNode;
  /** Above the table (explanations). */
  aside?: ReactNode;
  sort?: SortPayload;
  /** More filter inputs after the 'Filter in records...' box. */
  filters?: ReactElement[];
  /** Dialogs of the screen besides its add and edit ones. */
  children?: ReactNode;
  /**
   * Only on screens the original back-office did not have: i18n key of the
   * empty table's text naming what it lists ("No sign-ins yet"); a search that
   * finds nothing then says so. The original screens' lists keep 'No user found!'.
   */
  empty?: string;
  /** The list is a feed of every write (Activity): new rows on top of the first page, a 'show' link elsewhere (live/useLiveList.ts). */
  feed?: boolean;
}

/**
 * Every list screen, from its configuration: 10 rows a page (10/20/50), the
 * 'Filter in records...' box, server-side paging, sorting and search,
 * Excel/CSV/print exports, the 'No user found!' text (or the screen's own, on
 * screens the original back-office did not have) with a clear-filter button
 * after a search, and the screen's add and edit dialogs.
 */
export function CrudList({
  title,
  columns,
  add,
  edit,
  actions,
  aside,
  sort = ID_ORDER,
  filters = [],
  children,
  empty,
  feed,
}: CrudListProps) {
  const translate = useTranslate();
  const mayAdd = useAllowed("create", add?.resource);
  const mayEdit = useAllowed("edit", edit?.target?.resource);
  const adding = useLazyDialog();
  const editing = useEditDialog();
  // A link to one record (the Activity screen's) opens its edit dialog: /news?edit=<id>.
  const [params, setParams] = useSearchParams();
  const linked = edit ? params.get("edit") : null;
  const { open: openEditing, close: closeEditing } = editing;
  useEffect(() => {
    if (linked) openEditing(linked);
  }, [linked, openEditing]);
  // Closing spends the link, so that a reload or Back does not open the dialog again.
  const closeEdit = useCallback(() => {
    closeEditing();
    if (linked) {
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          next.delete("edit");
          return next;
        },
        { replace: true },
      );
    }
  }, [closeEditing, linked, setParams]);
  return (
    <EditDialogContext.Provider value={editing.open}>
      <EditTargetContext.Provider value={edit?.target?.resource}>
        <List
          title={title}
          perPage={10}
          sort={sort}
          filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate("app.list.filter")} />, ...filters]}
          actions={
            <Actions columns={columns}>
              {actions}
              {add && mayAdd && <AddButton label={add.label} onClick={adding.show} />}
            </Actions>
          }
          pagination={<ListPagination />}
          empty={false}
          exporter={false}
        >
          {aside && <Box sx={{ px: 2, pt: 1 }}>{aside}</Box>}
          <Records columns={columns} empty={empty} sort={sort} onOpen={edit && mayEdit ? editing.open : undefined} feed={feed} />
          {add && "dialog" in add && <LazyDialog component={add.dialog} dialog={adding} />}
          {add && "inputs" in add && <AddFormDialog form={add} open={adding.isOpen} onClose={adding.close} />}
          {edit && (
            <EditDialog
              id={edit.target ? (editing.id === null ? null : (edit.target.id ?? null)) : editing.id}
              resource={edit.target?.resource}
              onClose={closeEdit}
              title={edit.title}
              submitLabel={edit.submitLabel ?? "app.form.update"}
              transform={edit.transform}
              confirm={edit.confirm}
              readOnly={edit.readOnly}
            >
              {edit.inputs}
            </EditDialog>
          )}
          {children}
        </List>
      </EditTargetContext.Provider>
    </EditDialogContext.Provider>
  );
}
