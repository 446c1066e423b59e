export type FieldErrors = Record<string, string>;

/**
 * An error a caller can act on: a stable code and the HTTP status it means.
 * The core throws these and knows no transport; GraphQL (graphql/errors.ts)
 * and the REST shim (http/errors.ts) each translate them at their edge.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    /** Headers the answer must carry (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * The data sent breaks a rule, field by field. On GraphQL it is answered
 * with HTTP 200 and the field errors (a form shows them); on REST with 400.
 */
export class ValidationError extends AppError {
  constructor(
    readonly fieldErrors: FieldErrors,
    message?: string,
  ) {
    super(
      "BAD_USER_INPUT",
      400,
      message ??
        Object.entries(fieldErrors)
          .map(([k, v]) => `${k}: ${v}`)
          .join("; "),
    );
  }
}

/**
 * The request itself is out of bounds or broken (list arguments past their
 * limits, an upload that ends early): HTTP 400 even on GraphQL.
 */
export class BadRequestError extends ValidationError {}

const coded = (code: string, status: number) =>
  class extends AppError {
    constructor(message: string) {
      super(code, status, message);
    }
  };

/** The request cannot be read (a multipart body without a valid boundary, cut off, malformed). */
export class MalformedRequestError extends coded("BAD_REQUEST", 400) {}
export class UnauthenticatedError extends coded("UNAUTHENTICATED", 401) {}
export class ForbiddenError extends coded("FORBIDDEN", 403) {}
export class NotFoundError extends coded("NOT_FOUND", 404) {}
export class PayloadTooLargeError extends coded("PAYLOAD_TOO_LARGE", 413) {}
/** The password was right; the account's second step (a TOTP or recovery code) is missing or wrong. */
export class TwoFactorRequiredError extends coded("TWO_FACTOR_REQUIRED", 401) {}
/** REQUIRE_TWO_FACTOR: this user must turn two-factor sign-in on before anything else. */
export class TwoFactorSetupRequiredError extends coded("TWO_FACTOR_SETUP_REQUIRED", 403) {}
export class UnsupportedMediaTypeError extends coded("UNSUPPORTED_MEDIA_TYPE", 415) {}
/** The database or a store did not answer; the client may retry later. */
export class ServiceUnavailableError extends coded("SERVICE_UNAVAILABLE", 503) {}
/** The images store is full (ENOSPC). */
export class InsufficientStorageError extends coded("INSUFFICIENT_STORAGE", 507) {}

/** A save based on a version of the record that is no longer current: someone else saved it meanwhile. */
export class ConflictError extends AppError {
  constructor(
    readonly savedBy: string,
    readonly savedAt: Date,
    readonly currentVersion: number,
  ) {
    super("CONFLICT", 409, `Someone else changed this record since you opened it (saved by ${savedBy} at ${savedAt.toISOString()})`);
  }
}

/** Refused for now; `retryAfter` seconds later it may succeed (sent as Retry-After). */
export class TooManyRequestsError extends AppError {
  readonly retryAfter: number;
  constructor(message: string, retryAfter: number) {
    const seconds = Math.max(1, Math.ceil(retryAfter));
    super("TOO_MANY_REQUESTS", 429, message, { "retry-after": String(seconds) });
    this.retryAfter = seconds;
  }
}
