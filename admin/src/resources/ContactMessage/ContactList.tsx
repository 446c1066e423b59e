import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { DeleteRowButton } from "../../ui/RowButtons";

/** Contact messages: read-only (delete only); the date is updatedAt in local time. */
export function ContactList() {
  return (
    <RecordList
      title="resources.ContactUs.title"
      sort={{ field: "createdAt", order: "DESC" }}
      columns={[
        col.serial(),
        col.text("name", "resources.ContactUs.fields.name", { sortable: true }),
        col.text("email", "resources.ContactUs.fields.email", { sortable: true }),
        col.text("website", "resources.ContactUs.fields.website"),
        col.text("comments", "resources.ContactUs.fields.comments"),
        col.datetime("updatedAt", "resources.ContactUs.fields.date", { sortable: true }),
        col.actions("delete", "app.list.delete", () => <DeleteRowButton />),
      ]}
    />
  );
}
