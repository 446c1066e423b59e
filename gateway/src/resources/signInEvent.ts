import { defineResource, NEWEST_FIRST, NO_MUTATIONS } from "./kit/define";
import { field } from "./kit/fields";

export const SIGN_IN_RESULTS = [
  "success",
  "wrong_password",
  "limited",
  "two_factor_required",
  "two_factor_failed",
  "not_approved",
] as const;
export type SignInResult = (typeof SIGN_IN_RESULTS)[number];

/** Every sign-in attempt, kept for the administrators' "Sign-ins" screen and each user's Security page. */

export const SignInEvent = defineResource({
  name: "SignInEvent",
  doc: "A sign-in attempt: when, which email, from which IP and browser, and how it ended.",
  fields: {
    email: field.string(190, { required: true, filterable: true, sortable: true, searchable: true }),
    userId: field.int({ filterable: true }),
    ip: field.string(45, { filterable: true, sortable: true, searchable: true }),
    userAgent: field.string(255, { sortable: true }),
    result: field.string(24, { required: true, oneOf: [...SIGN_IN_RESULTS], filterable: true, sortable: true }),
  },
  area: "security",
  operations: NO_MUTATIONS,
  defaultSort: NEWEST_FIRST,
});
