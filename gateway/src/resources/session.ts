import { defineResource, NEWEST_FIRST, NO_MUTATIONS } from "./kit/define";
import { field } from "./kit/fields";

/**
 * A signed-in session. Its token names it (`jti`), so it can be ended before
 * the token expires: by logout, a password change, its user (endSession,
 * endOtherSessions) or an administrator (endUserSessions). The GraphQL type
 * adds `current` and `device` (graphql/SessionResolver.ts).
 */

export const Session = defineResource({
  name: "Session",
  doc: "A signed-in session: who, from where, until when, and whether it was ended.",
  fields: {
    jti: field.string(64, { required: true, unique: true, hidden: true }),
    userId: field.int({ required: true, filterable: true }),
    userName: field.string(100, { searchable: true }),
    ip: field.string(45, { searchable: true }),
    userAgent: field.string(255),
    expiresAt: field.int({ required: true, sortable: true, doc: "When the token expires, in seconds since 1970" }),
    revoked: field.bool(false, { filterable: true, doc: "Ended by logout, a password change or an administrator" }),
    lastSeenAt: field.datetime({ readOnly: true, doc: "The last request made in it (recorded at most once a minute)" }),
  },
  // Everyone reads their own sessions (the Security page); whoever may read sessions (admins) reads everyone's.
  owner: "userId",
  area: "security",
  policy: { personal: true },
  operations: NO_MUTATIONS,
  defaultSort: NEWEST_FIRST,
});
