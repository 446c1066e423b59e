import type { AuthProvider } from "react-admin";
import { GraphQLRequestError, graphqlRequest } from "./graphqlFetch";
import { activeSession, clearSession, displayName, readSession, saveSession, setMustSetUpTwoFactor } from "./session";

const LOGIN = `mutation login($email: String!, $password: String!, $code: String) {
  login(email: $email, password: $password, code: $code) { token name }
}`;
const LOGOUT = `mutation logout { logout }`;
const ME = `query me { me { mustSetUpTwoFactor } }`;

/** Where a user goes when REQUIRE_TWO_FACTOR waits for them to turn two-factor on. */
export const SECURITY_PATH = "/Security";
const REGISTER = `mutation register($name: String, $email: String, $password: String, $password2: String) {
  register(name: $name, email: $email, password: $password, password2: $password2) { message approved }
}`;

export const LOGIN_PATH = "/login";

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  password2: string;
}

export async function register(input: RegisterInput) {
  const data = await graphqlRequest<{ register: { message: string; approved: boolean } }>(REGISTER, { ...input });
  return data.register;
}

/** An error the gateway answers when the token is missing, expired or revoked. */
export const isUnauthenticated = (error: unknown) => {
  const shaped = error as { status?: number; code?: string; body?: { code?: string } } | undefined;
  return shaped?.status === 401 || shaped?.code === "UNAUTHENTICATED" || shaped?.body?.code === "UNAUTHENTICATED";
};

/**
 * Sessions as SPEC section 4 describes them: the token and name stored locally,
 * the token sent on every request, the user decoded from it; a token past its
 * expiry (checked at start, on every screen, and on any UNAUTHENTICATED answer)
 * signs the user out and leads to /login.
 */
export const authProvider: AuthProvider = {
  /** Signs in; with two-factor on, the gateway answers TWO_FACTOR_REQUIRED until `code` is given. */
  async login({ email, password, code }: { email: string; password: string; code?: string }) {
    const data = await graphqlRequest<{ login: { token: string; name: string } }>(LOGIN, { email, password, code: code || undefined });
    saveSession(data.login.token, data.login.name);
    const me = await graphqlRequest<{ me: { mustSetUpTwoFactor: boolean } | null }>(ME).catch(() => ({ me: null }));
    setMustSetUpTwoFactor(Boolean(me.me?.mustSetUpTwoFactor));
  },

  /** Ends the session on the gateway too, so the token stops working at once; signing out never fails. */
  async logout() {
    if (readSession()) await graphqlRequest(LOGOUT).catch(() => undefined);
    clearSession();
    return LOGIN_PATH;
  },

  async checkAuth() {
    if (activeSession()) return;
    const expired = readSession() !== null;
    clearSession(expired ? "expired" : undefined);
    throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error) {
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
    return readSession()?.payload.role ?? null;
  },
};

export { GraphQLRequestError };
