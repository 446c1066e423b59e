import { FormHelperText, LinearProgress, TextField } from "@mui/material";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { TextInput, useInput, useTranslate } from "react-admin";
import { checkAddress, humanError, readToken, type TokenInfo } from "../chain";

/** An input filled from the token contract once the address is valid. */
export interface TokenFill {
  source: string;
  /** Which of the token's values goes in. */
  from: "name" | "symbol" | "decimals";
  /** i18n key. */
  label: string;
  /** Read-only: always the token's value. Otherwise the user may type, and the token's value fills it only while it is empty or still the last filled value. */
  readOnly?: boolean;
}

interface ReadState {
  token: TokenInfo | null;
  reading: boolean;
  error: string | null;
}

/** The address check starts once 42 characters are typed. */
const ADDRESS_LENGTH = 42;

/**
 * A token address input; once it holds a valid address, one batched read
 * (readToken: name, symbol, decimals through Multicall3) fills the inputs of
 * `fill`. Errors of the read show under the address.
 */
export function TokenInputs({
  source,
  label,
  fill,
  fillFirst = false,
}: {
  source: string;
  label: string;
  fill: TokenFill[];
  fillFirst?: boolean;
}) {
  const translate = useTranslate();
  const [read, setRead] = useState<ReadState>({ token: null, reading: false, error: null });
  const seq = useRef(0);

  const onAddress = async (e: ChangeEvent<HTMLInputElement> | string) => {
    const text = typeof e === "string" ? e : (e?.target?.value ?? "");
    const address = checkAddress(text);
    const sequence = ++seq.current;
    if (!address) {
      setRead({ token: null, reading: false, error: text.trim().length >= ADDRESS_LENGTH ? "app.chain_form.invalid_address" : null });
      return;
    }
    setRead({ token: null, reading: true, error: null });
    try {
      const token = await readToken(address);
      if (sequence === seq.current) setRead({ token, reading: false, error: null });
    } catch (err) {
      if (sequence === seq.current) setRead({ token: null, reading: false, error: humanError(err) });
    }
  };

  const filled = fill.map(({ from, ...f }) => (
    <ValueInput key={f.source} {...f} value={read.token ? String(read.token[from]) : f.readOnly ? "" : null} />
  ));
  return (
    <>
      {fillFirst && filled}
      <TextInput source={source} label={label} onChange={onAddress} fullWidth autoComplete="off" />
      {read.reading && <LinearProgress aria-label={translate("app.chain_form.reading_token")} />}
      {read.error && (
        <FormHelperText error role="alert">
          {translate(read.error, { _: read.error })}
        </FormHelperText>
      )}
      {!fillFirst && filled}
    </>
  );
}

export interface ValueInputProps {
  source: string;
  /** i18n key. */
  label: string;
  /** The value given from outside (a chain read); null leaves the input as it is. */
  value: string | null;
  /** Read-only: always `value`. Otherwise `value` fills it only while it is empty or still the last value filled in. */
  readOnly?: boolean;
  /** i18n key shown under the input when it has no error. */
  helperText?: string;
}

/** A form input whose value comes from outside the form (a chain read); server errors show under it. */
export function ValueInput({ source, label, value, readOnly, helperText }: ValueInputProps) {
  const translate = useTranslate();
  const { field, fieldState, id } = useInput({ source, defaultValue: "" });
  const lastFilled = useRef<string>("");
  const current = useRef(field.value);
  current.current = field.value;

  useEffect(() => {
    if (value === null) return;
    const untouched = !current.current || current.current === lastFilled.current;
    if (readOnly || untouched) {
      if ((current.current ?? "") !== value) field.onChange(value);
      lastFilled.current = value;
    }
    // Only a new value from outside changes the input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const error = fieldState.error?.message;
  return (
    <TextField
      id={id}
      name={field.name}
      label={translate(label, { _: label })}
      value={field.value ?? ""}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!error}
      helperText={error ? translate(error, { _: error }) : helperText ? translate(helperText, { _: helperText }) : " "}
      fullWidth
      slotProps={{ input: { readOnly } }}
    />
  );
}
