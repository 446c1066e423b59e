import jwt from "jsonwebtoken";

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: string;
}

const ALGORITHM = "HS256";

/** Signs and checks session tokens; the algorithm is pinned so `alg: none` or RS/HS confusion is refused. */
export class TokenService {
  constructor(
    private readonly secret: string,
    private readonly ttl: string,
  ) {}

  issue(user: AuthUser): string {
    return jwt.sign({ name: user.name, email: user.email, role: user.role }, this.secret, {
      algorithm: ALGORITHM,
      subject: String(user.id),
      expiresIn: this.ttl as jwt.SignOptions["expiresIn"],
    });
  }

  /** The user id a token was issued to, or undefined for any invalid, forged or expired token. */
  verify(token: string): number | undefined {
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: [ALGORITHM] });
      const id = typeof payload === "object" ? Number(payload.sub) : NaN;
      return Number.isSafeInteger(id) ? id : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Accepts `Bearer <token>` and the bare token, as legacy clients send it. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const m = /^Bearer\s+(.+)$/i.exec(value);
  return (m ? m[1] : value).trim() || undefined;
}
