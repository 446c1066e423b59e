import { TextInput } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { ImageInput } from "../../ui/ImageInput";
import { rowActions } from "../../ui/rowActions";
import { SectionInputs } from "../../ui/SectionInputs";

const FIELDS = "resources.Farms.fields";

/**
 * Farms (form list): the farm pools saved after their add transaction. As in
 * the legacy admin, 'Add Farm' adds a home-block entry (/api/add/about): farm
 * pools themselves are created by their add-pool transaction ('Add Pool' on
 * Image Text Edit, PoolCreate.tsx). The edit changes what needs no
 * transaction: labels and image.
 */
export const FarmList = () => (
  <CrudList
    title="resources.Farms.title"
    sort={{ field: "pid", order: "ASC" }}
    columns={[
      col.text("pid", `${FIELDS}.pid`, { sortable: true }),
      col.image(),
      col.text("lpSymbol", `${FIELDS}.lpSymbol`, { sortable: true }),
      col.text("tokenAddresses", `${FIELDS}.tokenAddresses`),
      rowActions.edit(),
      rowActions.delete(),
    ]}
    add={{ label: "resources.Farms.add", resource: "About", inputs: <SectionInputs identifier={false} image={false} /> }}
    edit={{
      title: "resources.Farms.edit",
      inputs: (
        <>
          <TextInput source="lpSymbol" label={`${FIELDS}.lpSymbol`} fullWidth />
          <TextInput source="tokenSymbol" label={`${FIELDS}.tokenSymbol`} fullWidth />
          <ImageInput label="app.fields.image" rule="pngSvg" />
        </>
      ),
    }}
  />
);
