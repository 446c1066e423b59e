import { CircularProgress, Stack, TextField } from "@mui/material";
import { useEffect, useId, useState } from "react";
import { useTranslate } from "react-admin";
import { ReasonButton } from "./ReasonButton";

export type Parsed<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

export interface UpdateFieldProps<T> {
  /** i18n key of the label (also the group's accessible name). */
  label: string;
  helperText?: string;
  /** The value on chain, as the input shows it; the input follows it whenever it changes. */
  current: string;
  /** Text → value, or an error message (already translated). */
  parse(text: string): Parsed<T>;
  onUpdate(value: T): Promise<unknown>;
  disabled?: boolean;
  /** Why the value cannot be changed in the sale's state (translated): the button is disabled with it as a tooltip. */
  blockedReason?: string | null;
  busy?: boolean;
  inputMode?: "decimal" | "text" | "numeric";
}

/** One editable on-chain value with its own Update button (and its own transaction). */
export function UpdateField<T>({
  label,
  helperText,
  current,
  parse,
  onUpdate,
  disabled,
  blockedReason,
  busy,
  inputMode = "decimal",
}: UpdateFieldProps<T>) {
  const translate = useTranslate();
  const id = useId();
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  const parsed = parse(text);
  const name = translate(label);
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={name} sx={{ alignItems: "flex-start" }}>
      <TextField
        id={id}
        label={name}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={!!parsed.error}
        helperText={parsed.error ?? helperText}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { inputMode, spellCheck: false } }}
      />
      <ReasonButton
        variant="contained"
        onClick={() => parsed.error === undefined && void onUpdate(parsed.value as T)}
        disabled={disabled || !!blockedReason || parsed.error !== undefined}
        reason={blockedReason}
        sx={{ mt: "2px", minWidth: 96 }}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate("app.manage_sale.settings.update")}
      </ReasonButton>
    </Stack>
  );
}
