import { randomBytes } from "crypto";
import { ForbiddenError, TooManyRequestsError, UnauthenticatedError, UserInputError } from "../errors";
import type { Services } from "../services";
import { users } from "../resources/users";
import type { LoginLimiter } from "./loginLimiter";
import { verifyPassword } from "./passwords";
import { AuthUser, tokenFromHeader, TokenService } from "./tokens";

export interface RegisterOutcome {
  message: string;
  approved: boolean;
}

/** Sign-in, self-registration and the request's user; shared by GraphQL and the REST shim. */
export class AuthService {
  constructor(
    private readonly services: Services,
    readonly tokens: TokenService,
    private readonly limiter: LoginLimiter,
  ) {}

  private get users() {
    return this.services.resource(users.name);
  }

  private repo() {
    return this.services.ds.getRepository<Record<string, any>>(users.name);
  }

  /** The signed-in user of an Authorization header, if its token is valid and the account still may sign in. */
  async authenticate(header: string | undefined): Promise<AuthUser | undefined> {
    const token = tokenFromHeader(header);
    const id = token && this.tokens.verify(token);
    if (!id) return undefined;
    const row = await this.repo().findOneBy({ id });
    if (!row || !row.approved) return undefined;
    return { id: row.id, name: row.name, email: row.email, role: row.role };
  }

  async login(email: unknown, password: unknown, ip: string): Promise<{ token: string; name: string }> {
    const errors: Record<string, string> = {};
    if (typeof email !== "string" || !email.trim()) errors.email = "Email is required";
    if (typeof password !== "string" || !password) errors.password = "Password is required";
    if (Object.keys(errors).length) throw new UserInputError(errors);
    const addr = (email as string).trim().toLowerCase();

    const wait = this.limiter.retryAfter(ip, addr);
    if (wait > 0) throw new TooManyRequestsError(`Too many failed sign-ins; try again in ${Math.ceil(wait / 60)} minutes`);

    const row = await this.repo().createQueryBuilder("u").where("LOWER(u.email) = :addr", { addr }).getOne();
    if (!(await verifyPassword(password as string, row?.passwordHash))) {
      this.limiter.fail(ip, addr);
      throw new UnauthenticatedError("Email or password is incorrect");
    }
    if (!row!.approved) throw new ForbiddenError("Your account is waiting for an administrator's approval");
    this.limiter.succeed(addr);
    const user: AuthUser = { id: row!.id, name: row!.name, email: row!.email, role: row!.role };
    return { token: this.tokens.issue(user), name: user.name };
  }

  /** Open while no user exists (the first becomes admin); afterwards as REGISTRATION says. */
  async register(input: Record<string, unknown>): Promise<RegisterOutcome> {
    const first = (await this.repo().count()) === 0;
    const mode = this.services.config.registration;
    if (!first && mode === "closed") throw new ForbiddenError("Registration is closed; ask an administrator for an account");
    if (input.password2 === undefined || input.password2 === null) {
      throw new UserInputError({ password2: "Please confirm the password" });
    }
    const approved = first || mode === "open";
    const { name, email, password, password2 } = input;
    await this.users.create({ name, email, password, password2, role: first ? "admin" : "editor", approved });
    return approved
      ? { message: "Registration successful; you can sign in now", approved }
      : { message: "Registration received; an administrator must approve your account before you can sign in", approved };
  }

  /** Seeds the first admin when there is no user; a generated password is returned to be shown once. */
  async ensureAdmin(): Promise<{ email: string; generatedPassword?: string } | undefined> {
    if ((await this.repo().count()) > 0) return undefined;
    const { name, email, password } = this.services.config.admin;
    const generatedPassword = password ? undefined : randomBytes(12).toString("base64url");
    const pw = password ?? generatedPassword!;
    await this.users.create({ name, email, password: pw, password2: pw, role: "admin", approved: true });
    return { email, generatedPassword };
  }
}
