// graphql's `instanceOf` as it is in production (NODE_ENV=production, the gateway's image): a plain instanceof.
// Under jest (NODE_ENV=test) graphql picks its development version, which on every failed check also compares class
// names to warn about a second copy of graphql: a twelfth of a gateway test's CPU, spent on its schema and its
// queries. One copy is kept by the lockfile (overrides in package.json), not by this warning.
"use strict";
exports.instanceOf = function instanceOf(value, constructor) {
  return value instanceof constructor;
};
