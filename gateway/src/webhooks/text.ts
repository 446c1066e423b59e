import { BadRequestError } from "../errors";
import { unpairedSurrogateIn } from "../resources/kit/validate";

/**
 * Refuses text that is not valid Unicode (a lone UTF-16 surrogate, as JSON's "\ud800" decodes to), each field named as
 * the API names it, before anything is stored or searched: no UTF-8 column can hold it, and MariaDB refuses it where
 * SQLite would keep bytes that other drivers cannot read back. The same check and message as the resources' fields.
 */
export function refuseInvalidText(fields: Record<string, string | readonly string[] | null | undefined>): void {
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const texts: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const text of texts) {
      const error = unpairedSurrogateIn(name, text);
      if (error) {
        errors[name] = error;
        break;
      }
    }
  }
  if (Object.keys(errors).length) throw new BadRequestError(errors);
}
