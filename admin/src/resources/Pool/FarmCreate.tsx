import { CreateDialog } from "../../ui/FormDialog";
import { SectionInputs } from "../../ui/SectionInputs";

/**
 * 'Add Farm' (Title, Heading, Description, content). As in the legacy admin it
 * adds a home-block entry (/api/add/about): farm pools themselves are created
 * by their add-pool transaction: 'Add Pool' on Image Text Edit (Pool/PoolCreate.tsx).
 */
export function FarmCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <CreateDialog resource="About" open={open} onClose={onClose} title="resources.Farms.add" submitLabel="app.form.add">
      <SectionInputs identifier={false} image={false} />
    </CreateDialog>
  );
}
