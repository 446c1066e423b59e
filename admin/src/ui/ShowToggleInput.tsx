import VisibilityIcon from "@mui/icons-material/Visibility";
import VisibilityOffIcon from "@mui/icons-material/VisibilityOff";
import { IconButton, InputAdornment } from "@mui/material";
import { useState } from "react";
import { TextInput, useTranslate, type TextInputProps } from "react-admin";

export interface ShowToggleInputProps extends TextInputProps {
  /** i18n key of the label; the toggle is named after it ('Show Name', 'Hide Name'). */
  label: string;
  /** The input's type while shown ("text", "email"); hidden, it is masked as a password is. */
  shownType?: string;
  /** Passwords start hidden; other fields start shown. */
  initiallyShown?: boolean;
}

/** A text input with its own show/hide toggle (the original 'Add User': every field has one). */
export function ShowToggleInput({ label, shownType = "text", initiallyShown = false, ...props }: ShowToggleInputProps) {
  const translate = useTranslate();
  const [shown, setShown] = useState(initiallyShown);
  const field = translate(label, { _: label });
  return (
    <TextInput
      {...props}
      label={label}
      type={shown ? shownType : "password"}
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <IconButton
              // Named by its title, not aria-label, so that the field's label names the input alone ("Name", not "Hide Name" too).
              title={translate(shown ? "app.form.hide_field" : "app.form.show_field", { field })}
              aria-pressed={shown}
              onClick={() => setShown((was) => !was)}
              size="small"
            >
              {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
            </IconButton>
          </InputAdornment>
        ),
      }}
    />
  );
}
