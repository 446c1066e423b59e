import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";

const FIELDS = "resources.ContactUs.fields";

/** Contact messages, read-only: no add, edit or delete; the date is updatedAt in local time. */
export const ContactList = () => (
  <CrudList
    title="resources.ContactUs.title"
    sort={{ field: "createdAt", order: "DESC" }}
    columns={[
      col.serial(),
      col.text("name", `${FIELDS}.name`, { sortable: true }),
      col.text("email", `${FIELDS}.email`, { sortable: true }),
      col.text("website", `${FIELDS}.website`, { sortable: true }),
      col.text("comments", `${FIELDS}.comments`),
      col.datetime("updatedAt", `${FIELDS}.date`, { sortable: true }),
    ]}
  />
);
