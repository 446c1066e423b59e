import AddIcon from "@mui/icons-material/Add";
import { Button } from "@mui/material";
import { useTranslate } from "react-admin";

/** The 'Add ...' button that opens a screen's add dialog. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  const translate = useTranslate();
  return (
    <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={onClick}>
      {translate(label)}
    </Button>
  );
}
