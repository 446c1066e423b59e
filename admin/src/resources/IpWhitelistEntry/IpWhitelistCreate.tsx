import { TextInput } from "react-admin";
import { CreateDialog } from "../../ui/FormDialog";

/** 'Add IP Address': one whitelist entry. */
export function IpWhitelistCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <CreateDialog resource="IpWhitelist" open={open} onClose={onClose} title="resources.IpWhitelist.add" submitLabel="app.form.add">
      <TextInput source="address" label="resources.IpWhitelist.fields.address" fullWidth />
    </CreateDialog>
  );
}
