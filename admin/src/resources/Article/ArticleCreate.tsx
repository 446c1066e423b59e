import type { RaRecord } from "react-admin";
import { CreateDialog } from "../../ui/FormDialog";
import { ArticleInputs } from "./ArticleInputs";

/** On create the Heading is sent with the Title's value (SPEC section 3). */
export const headingFromTitle = (data: RaRecord) => ({ ...data, heading: data.title });

export function ArticleCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <CreateDialog open={open} onClose={onClose} title="resources.Articles.add" submitLabel="app.form.add" transform={headingFromTitle}>
      <ArticleInputs withHeading={false} />
    </CreateDialog>
  );
}
