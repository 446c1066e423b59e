import { useState } from "react";
import { AddButton } from "../../ui/AddButton";
import { col } from "../../ui/columns";
import { RecordList } from "../../ui/RecordList";
import { EditRowButton, useEditDialog } from "../../ui/RowButtons";
import { FeatureDescriptionEdit } from "./FeatureDescriptionEdit";
import { IpWhitelistCreate } from "../IpWhitelistEntry/IpWhitelistCreate";

/** Road More Edit. */
export function FeatureDescriptionList() {
  const edit = useEditDialog();
  const [addingIp, setAddingIp] = useState(false);
  return (
    <RecordList
      title="resources.featruedes.title"
      columns={[
        col.serial(),
        col.text("title", "app.fields.title", { sortable: true }),
        col.text("heading", "app.fields.heading", { sortable: true }),
        col.actions("edit", "app.list.action", () => <EditRowButton onEdit={edit.open} />),
      ]}
      actions={<AddButton label="resources.IpWhitelist.add" onClick={() => setAddingIp(true)} />}
    >
      <FeatureDescriptionEdit id={edit.id} onClose={edit.close} />
      <IpWhitelistCreate open={addingIp} onClose={() => setAddingIp(false)} />
    </RecordList>
  );
}
