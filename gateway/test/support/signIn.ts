import type { TestApp } from "./testApp";

/** What the sign-in test files share (test/security/signInLimits, signInSessions): the login mutation, sign-in events counted. */

export const LOGIN = `mutation($e: String!, $p: String!, $c: String) { login(email: $e, password: $p, code: $c) { token name } }`;

export const events = async (app: TestApp, result: string) =>
  (await app.gql(`query($r: String) { _allSignInEventsMeta(filter: { result: $r }) { count } }`, { r: result }, await app.adminToken()))
    .body.data._allSignInEventsMeta.count;
