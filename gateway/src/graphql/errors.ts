import { GraphQLError } from "graphql";
import type { MiddlewareFn } from "type-graphql";
import { AppError, BadRequestError, ConflictError, TooManyRequestsError, ValidationError } from "../errors";

/**
 * The GraphQL face of the core's errors: the code (and field errors, and
 * Retry-After) in `extensions`, and the HTTP status Apollo answers with, except
 * for field errors about the data written, which answer 200 so a form can show
 * them beside its fields (ra-data-graphql's convention), and for a conflict,
 * which a form answers by offering to reload (who saved it, when, and its
 * current version go in `extensions`).
 */
export function toGraphQLError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const extensions: Record<string, unknown> = { code: error.code };
  if (error instanceof ValidationError) extensions.fieldErrors = error.fieldErrors;
  if (error instanceof TooManyRequestsError) extensions.retryAfter = error.retryAfter;
  if (error instanceof ConflictError) {
    Object.assign(extensions, { savedBy: error.savedBy, savedAt: error.savedAt.toISOString(), currentVersion: error.currentVersion });
  } else if (!(error instanceof ValidationError) || error instanceof BadRequestError) {
    extensions.http = { status: error.status, headers: new Map(Object.entries(error.headers)) };
  }
  return new GraphQLError(error.message, { originalError: error, extensions });
}

/** Every resolver's errors leave as GraphQL errors (type-graphql global middleware). */
export const translateErrors: MiddlewareFn = async (_data, next) => {
  try {
    return await next();
  } catch (error) {
    throw toGraphQLError(error);
  }
};
