import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { SectionInputs } from "../../ui/SectionInputs";
import { IpWhitelistCreate } from "../IpWhitelistEntry/IpWhitelistCreate";

/** Road More Edit (third landing section: Title, Heading, Description); its add button adds an IP whitelist entry. */
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
    edit={{ title: "resources.featruedes.edit", inputs: <SectionInputs content={false} image={false} /> }}
  />
);
