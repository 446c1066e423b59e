import { Box, ListItem, ListItemButton, ListItemText } from "@mui/material";
import type { ReactNode } from "react";

/**
 * One record's row on a phone: the thumbnail's place (kept when the list has images, so the texts line up), the
 * primary text, the secondary lines, the row's menu button. The list (PhoneList) and the shell's first page
 * (ui/FirstRows.tsx) draw the same rows: their texts wrap alike, so the list replacing the shell's page draws
 * nothing larger (the page's largest paint stays the early one).
 */
export function PhoneRow({
  image,
  primary,
  secondary,
  action,
  onOpen,
  className,
  timing,
}: {
  /** The thumbnail; undefined when the list has no image column (null: this record has none). */
  image?: ReactNode;
  primary: ReactNode;
  secondary: ReactNode[];
  action?: ReactNode;
  onOpen?: () => void;
  className?: string;
  /** The primary text's Element Timing name (the browser then reports when it is on screen). */
  timing?: string;
}) {
  const text = (
    <>
      {image !== undefined && <Box sx={{ mr: 2, flexShrink: 0, width: 50 }}>{image}</Box>}
      <ListItemText
        sx={{ overflowWrap: "anywhere", minWidth: 0 }}
        primary={primary}
        secondary={secondary.map((line, index) => (
          <Box component="span" key={index} sx={{ display: "block" }}>
            {line}
          </Box>
        ))}
        slotProps={{ primary: { component: "div", ...({ elementtiming: timing } as object) }, secondary: { component: "div" } }}
      />
    </>
  );
  return (
    <ListItem divider className={className} disablePadding={Boolean(onOpen)} secondaryAction={action}>
      {onOpen ? <ListItemButton onClick={onOpen}>{text}</ListItemButton> : text}
    </ListItem>
  );
}
