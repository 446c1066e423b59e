import { HttpError } from "react-admin";

interface GqlError {
  message: string;
  extensions?: { code?: string; fieldErrors?: Record<string, string>; savedBy?: string; savedAt?: string; currentVersion?: number };
}

/** Server field names that the admin's forms call differently. */
const FORM_FIELD: Record<string, string> = { imageUri: "file" };

const STATUS_MESSAGE: Record<number, string> = {
  403: "app.error.forbidden",
  404: "app.error.not_found",
  413: "app.error.too_large",
  429: "app.error.too_many",
};

const CODE_STATUS: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
};

function graphqlErrorsOf(error: unknown): GqlError[] {
  const shaped = error as {
    body?: { graphQLErrors?: GqlError[]; networkError?: { result?: { errors?: GqlError[] } } };
    graphQLErrors?: GqlError[];
  };
  return shaped?.body?.graphQLErrors?.length
    ? shaped.body.graphQLErrors
    : (shaped?.body?.networkError?.result?.errors ?? shaped?.graphQLErrors ?? []);
}

/**
 * Turns a failed GraphQL call into the HttpError react-admin understands:
 * the status from the gateway's code (401 signs the user out), and for
 * BAD_USER_INPUT `body.errors` keyed by form field, so each message shows under
 * its input.
 */
export function toHttpError(error: unknown): HttpError {
  const first = graphqlErrorsOf(error)[0];
  const code = first?.extensions?.code;
  const status = (code && CODE_STATUS[code]) || (error as { status?: number })?.status || 500;
  const fieldErrors = first?.extensions?.fieldErrors;
  if (fieldErrors && Object.keys(fieldErrors).length) {
    const errors = Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [FORM_FIELD[k] ?? k, v]));
    return new HttpError(first.message, 400, { errors, code });
  }
  if (code === "CONFLICT") {
    // Who saved in between, and the version to save over theirs (ui/ConflictPanel.tsx).
    const { savedBy, savedAt, currentVersion } = first.extensions ?? {};
    return new HttpError(first.message, 409, { code, savedBy, savedAt, currentVersion });
  }
  const message = first?.message ?? STATUS_MESSAGE[status] ?? ((error as Error)?.message || "ra.notification.http_error");
  return new HttpError(code && first ? first.message : message, status, { code });
}

/** A save refused because someone else saved the record since it was loaded (gateway code CONFLICT). */
export interface Conflict {
  message: string;
  savedBy?: string;
  savedAt?: string;
  currentVersion?: number;
}

export function conflictOf(error: unknown): Conflict | null {
  const { status, message, body } = (error ?? {}) as { status?: number; message?: string; body?: Partial<Conflict> & { code?: string } };
  if (status !== 409 || body?.code !== "CONFLICT") return null;
  return { message: message ?? "", savedBy: body.savedBy, savedAt: body.savedAt, currentVersion: body.currentVersion };
}
