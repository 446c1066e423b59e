import { createSecretKey, type KeyObject } from "crypto";
import jwt from "jsonwebtoken";
import { LRUCache } from "lru-cache";
import type { BlockList } from "net";
import type { Via } from "../audit/via";
import type { Grid } from "./permissions";

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: string;
  /** The session the request's token names (`jti`). */
  sessionId?: string;
  /** The user has two-factor sign-in on. */
  twoFactorEnabled?: boolean;
  /** REQUIRE_TWO_FACTOR is on and this user has not turned two-factor on yet: only its setup is allowed. */
  mustSetUpTwoFactor?: boolean;
  /** What the user's role grants (auth/roles.ts); undefined: the built-in grid of `role`. */
  grant?: Grid;
  /** The role asks its users to turn two-factor on. */
  roleRequiresTwoFactor?: boolean;
  /** The role's IP allowlist, if it has one. */
  allowed?: BlockList;
  /** The request this user was authenticated for (its address is checked against `allowed`; refusals are recorded with it). */
  via?: Via;
  /** The API token the request was authenticated with (auth/apiTokens.ts); undefined for a session. */
  apiToken?: { id: number; name: string };
  /** Records a refused attempt in the audit trail (set by the auth service of the gateway that authenticated the user). */
  denied?: (user: AuthUser, need: { action: string; resource: string }, via: Via) => void;
}

/** What a valid token says: whose it is, which session, and the user's token version when it was issued. */
export interface TokenClaims {
  userId: number;
  sessionId: string;
  tokenVersion: number;
  /** Expiry, seconds since 1970. */
  expiresAt: number;
}

const ALGORITHM = "HS256";
/** Verified tokens remembered (one per live session a process serves). */
const MAX_VERIFIED = 10_000;

/** Signs and checks session tokens; the algorithm is pinned so `alg: none` or RS/HS confusion is refused. */
export class TokenService {
  /**
   * The secret as a key object, made once: given a string, jsonwebtoken first
   * tries it as a public (or private) key and only then as a secret, on every
   * call, which cost most of a signed-in request.
   */
  private readonly secret: KeyObject;

  constructor(
    secret: string,
    private readonly ttl: string,
  ) {
    this.secret = createSecretKey(Buffer.from(secret, "utf8"));
  }

  issue(user: AuthUser, sessionId: string, tokenVersion: number): { token: string; expiresAt: number } {
    const token = jwt.sign({ name: user.name, email: user.email, role: user.role, ver: tokenVersion }, this.secret, {
      algorithm: ALGORITHM,
      subject: String(user.id),
      jwtid: sessionId,
      expiresIn: this.ttl as jwt.SignOptions["expiresIn"],
    });
    return { token, expiresAt: (jwt.decode(token) as { exp: number }).exp };
  }

  /**
   * Tokens already verified, with their claims: a signed-in client sends the
   * same token with every request, and decoding and checking it again cost a
   * good share of a cached read. Only valid tokens are kept (a forger cannot
   * fill it), and expiry is checked again on every use.
   */
  private readonly verified = new LRUCache<string, TokenClaims>({ max: MAX_VERIFIED });

  /** The claims of a valid token, or undefined for any invalid, forged, expired or pre-session token. */
  verify(token: string): TokenClaims | undefined {
    const known = this.verified.get(token);
    // As jsonwebtoken tells expiry: whole seconds, expired from `exp` on.
    if (known && Math.floor(Date.now() / 1000) < known.expiresAt) return known;
    const claims = this.check(token);
    if (claims) this.verified.set(token, claims);
    return claims;
  }

  private check(token: string): TokenClaims | undefined {
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: [ALGORITHM] });
      if (typeof payload !== "object") return undefined;
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.jti !== "string" || typeof payload.exp !== "number") return undefined;
      return { userId, sessionId: payload.jti, tokenVersion: Number(payload.ver ?? 0), expiresAt: payload.exp };
    } catch {
      return undefined;
    }
  }
}

/** Accepts `Bearer <token>` and the bare token, as legacy clients send it. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const match = /^Bearer\s+(.+)$/i.exec(value);
  return (match ? match[1] : value).trim() || undefined;
}
