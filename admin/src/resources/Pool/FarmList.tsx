import { TextInput } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { ImageInput } from "../../ui/ImageInput";
import { rowActions } from "../../ui/rowActions";
import { SectionInputs } from "../../ui/SectionInputs";

const F = "resources.Farms.fields";

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
      col.text("pid", `${F}.pid`, { sortable: true }),
      col.image(),
      col.text("lpSymbol", `${F}.lpSymbol`, { sortable: true }),
      col.text("tokenAddresses", `${F}.tokenAddresses`),
      rowActions.edit(),
      rowActions.delete(),
    ]}
    add={{ label: "resources.Farms.add", resource: "About", inputs: <SectionInputs identifier={false} image={false} /> }}
    edit={{
      title: "resources.Farms.edit",
      inputs: (
        <>
          <TextInput source="lpSymbol" label={`${F}.lpSymbol`} fullWidth />
          <TextInput source="tokenSymbol" label={`${F}.tokenSymbol`} fullWidth />
          <ImageInput label="app.fields.image" rule="pngSvg" />
        </>
      ),
    }}
  />
);
