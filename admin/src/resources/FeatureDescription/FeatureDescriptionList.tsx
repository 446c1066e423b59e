import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { IpWhitelistCreate } from "../IpWhitelistEntry/IpWhitelistCreate";
import { FeatureDescriptionEdit } from "./FeatureDescriptionEdit";

/** Road More Edit; its add button adds an IP whitelist entry. */
export const FeatureDescriptionList = () => (
  <CrudList
    title="resources.featruedes.title"
    columns={[
      col.serial(),
      col.text("title", "app.fields.title", { sortable: true }),
      col.text("heading", "app.fields.heading", { sortable: true }),
      rowActions.edit("app.list.action"),
    ]}
    add={{ label: "resources.IpWhitelist.add", dialog: IpWhitelistCreate }}
    edit={FeatureDescriptionEdit}
  />
);
