import { useRecordContext } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { EditRowButton } from "../../ui/RowButtons";
import { LandingInputs } from "./LandingInputs";
import { landingUpdate } from "./landingUpdate";

/** Edit appears only while the block is shown (its legacy Status is 'true'). */
function EditWhenShown() {
  const record = useRecordContext();
  return record?.visible === true ? <EditRowButton /> : null;
}

/** Landing: the public landing page's blocks. */
export const LandingList = () => (
  <CrudList
    title="resources.Home.title"
    columns={[
      col.serial(),
      col.text("pageName", "resources.Home.fields.page", { sortable: true }),
      col.text("title", "app.fields.title", { sortable: true }),
      col.actions("edit", "app.list.edit", () => <EditWhenShown />),
      rowActions.showHide("resources.Home.fields.status"),
    ]}
    edit={{ title: "resources.Home.edit", inputs: <LandingInputs />, transform: landingUpdate }}
  />
);
