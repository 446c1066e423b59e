import { Box, Button, Tooltip, type ButtonProps } from "@mui/material";
import { useId } from "react";

/**
 * A button with the reason it is disabled (or what clicking it will say) as a
 * tooltip and as its accessible description. A disabled button gets no mouse
 * events, so the tooltip sits on a wrapper, which takes the keyboard focus
 * while the button cannot.
 */
export function ReasonButton({ reason, disabled, ...props }: ButtonProps & { reason?: string | null }) {
  const id = useId();
  if (!reason) return <Button disabled={disabled} {...props} />;
  return (
    <Tooltip title={reason} describeChild>
      <Box component="span" tabIndex={disabled ? 0 : undefined} sx={{ display: "inline-flex", flexShrink: 0 }} data-reason={reason}>
        <Button disabled={disabled} aria-describedby={id} {...props} />
        <span id={id} hidden>
          {reason}
        </span>
      </Box>
    </Tooltip>
  );
}
