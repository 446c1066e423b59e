import type { Identifier } from "react-admin";
import { EditDialog } from "../../ui/FormDialog";
import { SectionInputs } from "../../ui/SectionInputs";

export const ROADMAP_DESCRIPTION_MAX = 200;

/** The 'Load More' modal: Description at most 200 characters; 'Update Roadmap'. */
export function RoadmapEdit({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  return (
    <EditDialog id={id} onClose={onClose} title="resources.Roadmap.edit" submitLabel="resources.Roadmap.update">
      <SectionInputs identifier={false} maxDescription={ROADMAP_DESCRIPTION_MAX} />
    </EditDialog>
  );
}
