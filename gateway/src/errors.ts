import { GraphQLError } from "graphql";

export type FieldErrors = Record<string, string>;

/**
 * Errors a caller can act on. Each knows its GraphQL code and HTTP status, so
 * GraphQL and the REST shim report them the same way.
 */
export class UserInputError extends GraphQLError {
  readonly status = 400;
  constructor(readonly fieldErrors: FieldErrors, message?: string) {
    super(message ?? Object.entries(fieldErrors).map(([k, v]) => `${k}: ${v}`).join("; "), {
      extensions: { code: "BAD_USER_INPUT", fieldErrors },
    });
  }
}

/**
 * The request itself is out of bounds or broken (list arguments past their
 * limits, an upload that ends early): HTTP 400 even on GraphQL, where input
 * errors about the data written answer 200 with the field errors.
 */
export class BadRequestError extends UserInputError {
  constructor(fieldErrors: FieldErrors) {
    super(fieldErrors);
    (this.extensions as Record<string, unknown>).http = { status: 400 };
  }
}

const coded = (code: string, status: number) =>
  class extends GraphQLError {
    readonly status = status;
    constructor(message: string) {
      super(message, { extensions: { code, http: { status } } });
    }
  };

export class UnauthenticatedError extends coded("UNAUTHENTICATED", 401) {}
export class ForbiddenError extends coded("FORBIDDEN", 403) {}
export class NotFoundError extends coded("NOT_FOUND", 404) {}
export class PayloadTooLargeError extends coded("PAYLOAD_TOO_LARGE", 413) {}
/** Refused for now; `retryAfter` seconds later it may succeed (sent as Retry-After). */
export class TooManyRequestsError extends GraphQLError {
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    const seconds = String(Math.max(1, Math.ceil(retryAfter)));
    super(message, { extensions: { code: "TOO_MANY_REQUESTS", retryAfter: Number(seconds), http: { status: 429, headers: new Map([["retry-after", seconds]]) } } });
  }
}
/** The password was right; the account's second step (a TOTP or recovery code) is missing or wrong. */
export class TwoFactorRequiredError extends coded("TWO_FACTOR_REQUIRED", 401) {}
/** REQUIRE_TWO_FACTOR: this user must turn two-factor sign-in on before anything else. */
export class TwoFactorSetupRequiredError extends coded("TWO_FACTOR_SETUP_REQUIRED", 403) {}
export class UnsupportedMediaTypeError extends coded("UNSUPPORTED_MEDIA_TYPE", 415) {}
/** The database or a store did not answer; the client may retry later. */
export class ServiceUnavailableError extends coded("SERVICE_UNAVAILABLE", 503) {}
/** The images store is full (ENOSPC). */
export class InsufficientStorageError extends coded("INSUFFICIENT_STORAGE", 507) {}

export const statusOf = (e: unknown): number =>
  e instanceof GraphQLError && typeof (e as { status?: unknown }).status === "number"
    ? (e as unknown as { status: number }).status
    : 500;
