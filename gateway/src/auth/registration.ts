import { randomBytes } from "crypto";
import type { DataSource } from "typeorm";
import { SYSTEM_VIA, type Via } from "../audit/via";
import type { Config } from "../config";
import { ForbiddenError, ValidationError } from "../errors";
import type { InputOfResource } from "../resources/kit/define";
import type { ResourceService } from "../resources/kit/service";
import { User } from "../resources/user";
import { SYSTEM } from "./access";
import type { ClientInfo } from "./clientInfo";
import { EvenTiming } from "./evenTiming";
import type { SignInLimiter } from "./signInLimits";

export interface RegisterOutcome {
  message: string;
  approved: boolean;
}

/** The same answer whether the address was free or taken, so registration tells no one who has an account. */
const REGISTERED_PENDING = "If this address can be registered, the account now waits for an administrator's approval";
const REGISTERED_OPEN = "If this address can be registered, you can now sign in with it";

export interface RegistrationDependencies {
  ds: DataSource;
  /** Creates the accounts (checking each value, recording each creation). */
  users: ResourceService<typeof User>;
  config: Pick<Config, "registration" | "admin">;
  limiter: SignInLimiter;
}

/** Accounts made by the people who will use them, and the first admin seeded when there is no user. */
export class Registration {
  /** Registration's answers in the same time, whether the email was free or taken. */
  private readonly timing = new EvenTiming();

  constructor(private readonly deps: RegistrationDependencies) {}

  private count() {
    return this.deps.ds.getRepository(User.name).count();
  }

  /**
   * Open while no user exists (the first becomes admin); afterwards as REGISTRATION
   * says, limited per IP, and with one answer whether the email was free or taken.
   */
  async register(input: Record<string, unknown>, client: ClientInfo, via: Via = SYSTEM_VIA): Promise<RegisterOutcome> {
    const first = (await this.count()) === 0;
    const mode = this.deps.config.registration;
    if (!first && mode === "closed") throw new ForbiddenError("Registration is closed; ask an administrator for an account");
    if (!first) await this.deps.limiter.register(client.ip);
    if (input.password2 === undefined || input.password2 === null) {
      throw new ValidationError({ password2: "Please confirm the password" });
    }
    const approved = first || mode === "open";
    // As a transport does: the users service checks each value, whatever its compile-time type.
    const { name, email, password, password2 } = input as InputOfResource<typeof User>;
    const outcome = { message: approved ? REGISTERED_OPEN : REGISTERED_PENDING, approved };
    const started = performance.now();
    try {
      // The password is hashed before the email is found taken, and a taken email's answer then waits as long as
      // creating an account lately takes (its writes too), so both answers take as long.
      // The gateway creates the account (a role only it may set); the event names the anonymous caller who asked.
      await this.deps.users.create({ name, email, password, password2, role: first ? "admin" : "editor", approved }, SYSTEM, via, {
        recordedAs: undefined,
      });
      this.timing.created(performance.now() - started);
    } catch (e) {
      const taken =
        e instanceof ValidationError && e.fieldErrors.email?.endsWith("already exists") && Object.keys(e.fieldErrors).length === 1;
      if (!taken || first) throw e;
      await this.timing.pad(performance.now() - started);
    }
    return first ? { message: "Registration successful; you can sign in now", approved } : outcome;
  }

  /** Seeds the first admin when there is no user; a generated password is returned to be shown once. */
  async ensureAdmin(): Promise<{ email: string; generatedPassword?: string } | undefined> {
    if ((await this.count()) > 0) return undefined;
    const { name, email, password } = this.deps.config.admin;
    const generatedPassword = password ? undefined : randomBytes(12).toString("base64url");
    const pw = password ?? generatedPassword!;
    await this.deps.users.create({ name, email, password: pw, password2: pw, role: "admin", approved: true }, SYSTEM);
    return { email, generatedPassword };
  }
}
