import type { AuthProvider } from "react-admin";
import { GraphQLRequestError, graphqlRequest } from "./graphqlFetch";
import { activeSession, clearSession, displayName, readSession, saveSession } from "./session";

const LOGIN = `mutation login($email: String!, $password: String!) { login(email: $email, password: $password) { token name } }`;
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
  const e = error as { status?: number; code?: string; body?: { code?: string } } | undefined;
  return e?.status === 401 || e?.code === "UNAUTHENTICATED" || e?.body?.code === "UNAUTHENTICATED";
};

/**
 * Sessions as SPEC section 4 describes them: the token and name stored locally,
 * the token sent on every request, the user decoded from it; a token past its
 * expiry (checked at start, on every screen, and on any UNAUTHENTICATED answer)
 * signs the user out and leads to /login.
 */
export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const data = await graphqlRequest<{ login: { token: string; name: string } }>(LOGIN, { email, password });
    saveSession(data.login.token, data.login.name);
  },

  async logout() {
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
