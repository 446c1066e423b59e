import { useState } from "react";
import { GraphQLRequestError } from "../providers/graphqlFetch";

/**
 * A hand-made form's submission: `busy` while it runs, and its errors by field (the gateway's per-field messages),
 * or under `form` for any other failure, so nothing the user typed is lost and every refusal is said where it applies.
 */
export function useFormSubmit() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (send: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await send();
    } catch (err) {
      if (err instanceof GraphQLRequestError && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
      else setErrors({ form: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, submit };
}
