import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";

const F = "resources.ContactUs.fields";

/** Contact messages: read-only (delete only); the date is updatedAt in local time. */
export const ContactList = () => (
  <CrudList
    title="resources.ContactUs.title"
    sort={{ field: "createdAt", order: "DESC" }}
    columns={[
      col.serial(),
      col.text("name", `${F}.name`, { sortable: true }),
      col.text("email", `${F}.email`, { sortable: true }),
      col.text("website", `${F}.website`),
      col.text("comments", `${F}.comments`),
      col.datetime("updatedAt", `${F}.date`, { sortable: true }),
      rowActions.delete(),
    ]}
  />
);
