import type { AuthProvider } from "react-admin";
import { graphql } from "../gql";
import { GraphQLRequestError, graphqlRequest } from "./graphqlFetch";
import { permits, type Permission } from "./permissions";
import {
  activeSession,
  clearSession,
  displayName,
  readPermissions,
  readSession,
  savePermissions,
  saveSession,
  setMustSetUpTwoFactor,
} from "./session";

const LOGIN = graphql(`
  mutation login($email: String!, $password: String!, $code: String) {
    login(email: $email, password: $password, code: $code) {
      token
      name
    }
  }
`);
const LOGOUT = graphql(`
  mutation logout {
    logout
  }
`);
const ME = graphql(`
  query me {
    me {
      mustSetUpTwoFactor
      permissions {
        resource
        actions
      }
    }
  }
`);

/** Where a user goes when REQUIRE_TWO_FACTOR waits for them to turn two-factor on. */
export const SECURITY_PATH = "/Security";
const REGISTER = graphql(`
  mutation register($name: String, $email: String, $password: String, $password2: String) {
    register(name: $name, email: $email, password: $password, password2: $password2) {
      message
      approved
    }
  }
`);

export const LOGIN_PATH = "/login";

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  password2: string;
}

export async function register(input: RegisterInput) {
  const data = await graphqlRequest(REGISTER, { ...input });
  return data.register;
}

/** An error the gateway answers when the token is missing, expired or revoked. */
export const isUnauthenticated = (error: unknown) => {
  const shaped = error as { status?: number; code?: string; body?: { code?: string } } | undefined;
  return shaped?.status === 401 || shaped?.code === "UNAUTHENTICATED" || shaped?.body?.code === "UNAUTHENTICATED";
};

let reading: { token: string; permissions: Promise<Permission[]> } | null = null;
/** The answer of `reading`, once it came. */
let known: { token: string; permissions: Permission[] } | null = null;

async function readMe(token: string): Promise<Permission[]> {
  let permissions: Permission[];
  try {
    const { me } = await graphqlRequest(ME);
    if (!me) {
      // The gateway knows no user for this token (forged, revoked, ended elsewhere): signed out here, before any screen asks.
      if (readSession()?.token === token) clearSession("expired");
      return [];
    }
    setMustSetUpTwoFactor(me.mustSetUpTwoFactor);
    savePermissions(me.permissions);
    permissions = me.permissions;
  } catch (error) {
    reading = null; // asked again next time
    if (isUnauthenticated(error) && readSession()?.token === token) clearSession("expired");
    return readPermissions() ?? [];
  }
  known = { token, permissions };
  return permissions;
}

/**
 * What the signed-in user may do: `me { permissions }`, read from the gateway
 * at sign-in and once per page load (so a reload shows a role's change), kept
 * with the session; the last known rules (or none) when the gateway cannot say.
 */
export function sessionPermissions(): Promise<Permission[]> {
  const token = readSession()?.token;
  if (!token) return Promise.resolve([]);
  if (reading?.token !== token) reading = { token, permissions: readMe(token) };
  return reading.permissions;
}

/** The session's permissions when this page has read them already (so a screen can show its buttons at once). */
export const knownPermissions = (): Permission[] | undefined =>
  known && known.token === readSession()?.token ? known.permissions : undefined;

/** Whether `permissions` allow `action` on a resource whose GraphQL type is `type` (undefined: a page, open to all). */
export const allows = (permissions: readonly Permission[], type: string | undefined, action: string) =>
  type === undefined || permits(permissions, type, action);

/** The permission a screen's action needs: its GraphQL type and the gateway's action (type undefined: a page open to all). */
export type GrantOf = (resource: string, action: string) => { type: string | undefined; action: string };

/** react-admin's access control from the session's permissions, `grantOf` naming what each screen's action needs. */
export const canAccessThrough =
  (grantOf: GrantOf): NonNullable<AuthProvider["canAccess"]> =>
  async ({ resource, action }) => {
    const grant = grantOf(resource, action);
    return allows(await sessionPermissions(), grant.type, grant.action);
  };

/**
 * Sessions as the original admin kept them: the token and name stored locally,
 * the token sent on every request, the user decoded from it; a token past its
 * expiry (checked at start, on every screen, and on any UNAUTHENTICATED answer)
 * signs the user out and leads to /login.
 */
export const authProvider: AuthProvider = {
  /** Signs in; with two-factor on, the gateway answers TWO_FACTOR_REQUIRED until `code` is given. */
  async login({ email, password, code }: { email: string; password: string; code?: string }) {
    const data = await graphqlRequest(LOGIN, { email, password, code: code || undefined });
    saveSession(data.login.token, data.login.name);
    await sessionPermissions();
  },

  /** Ends the session on the gateway too, so the token stops working at once; signing out never fails. */
  async logout() {
    if (readSession()) await graphqlRequest(LOGOUT).catch(() => undefined);
    clearSession();
    return LOGIN_PATH;
  },

  async checkAuth() {
    if (activeSession()) {
      void sessionPermissions();
      return;
    }
    const expired = readSession() !== null;
    clearSession(expired ? "expired" : undefined);
    throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error) {
    // A request sent with an earlier session's token (signed out, then in again while it was under way) says
    // nothing about this one.
    const sentWith = (error as { sentWith?: string } | undefined)?.sentWith;
    if (sentWith !== undefined && sentWith !== readSession()?.token) return;
    if (isUnauthenticated(error)) {
      clearSession("expired");
      throw { redirectTo: LOGIN_PATH, logoutUser: true, message: false };
    }
  },

  async getIdentity() {
    const session = readSession();
    return { id: session?.payload.sub ?? "", fullName: displayName() };
  },

  async getPermissions() {
    return sessionPermissions();
  },
};

export { GraphQLRequestError };
