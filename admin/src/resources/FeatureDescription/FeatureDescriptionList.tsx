import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { SectionInputs } from "../../ui/SectionInputs";
import { IpWhitelistCreate } from "../IpWhitelistEntry/IpWhitelistCreate";
import { featureDescriptionTable } from "./table";

/**
 * Road More Edit: S.No, Image, Title, Heading, Action. Its edit changes the
 * third landing section's Title, Heading and Description (the original modal); its
 * add button adds an IP whitelist entry.
 */
export const FeatureDescriptionList = () => (
  <CrudList
    title="resources.featruedes.title"
    sort={featureDescriptionTable.sort}
    columns={[...featureDescriptionTable.columns, rowActions.edit("app.list.action")]}
    add={{ label: "resources.IpWhitelist.add", dialog: IpWhitelistCreate, resource: "IpWhitelist" }}
    edit={{ title: "resources.featruedes.edit", inputs: <SectionInputs content={false} image={false} /> }}
  />
);
