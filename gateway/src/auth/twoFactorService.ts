import type { DataSource, EntityManager } from "typeorm";
import type { AuditTrail } from "../audit/trail";
import { SYSTEM_VIA, type Via } from "../audit/via";
import { ValidationError } from "../errors";
import type { ResourceService } from "../resources/kit/service";
import { inTransaction } from "../resources/kit/transaction";
import { User } from "../resources/user";
import type { ClientInfo } from "./clientInfo";
import { endSessionsOf, forgetSessionsOf } from "./sessionEvents";
import type { Attempt, SignInLimiter } from "./signInLimits";
import type { AuthUser } from "./tokens";
import { checkCode, newRecoveryCodes, newSetup, spendOnce, type SpendOnce, type TwoFactorSetup } from "./twoFactor";
import { ownRow, type UserRow } from "./userRow";

export interface TwoFactorDependencies {
  ds: DataSource;
  /** Told of each change to a user written here, so the users' cached answers move on as after any save. */
  users: ResourceService<typeof User>;
  /** Where two-factor changes are recorded (the users service records the rest of a user's changes). */
  trail: AuditTrail;
  limiter: SignInLimiter;
}

/** A user's two-factor sign-in: setting it up, turning it on and off, recovery codes, and spending a code once. */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDependencies) {}

  /** Starts turning two-factor on: a new secret and recovery codes, kept pending until a code proves the app has it. */
  async setup(user: AuthUser | undefined): Promise<TwoFactorSetup> {
    const row = await ownRow(this.deps.ds, user);
    if (row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is already on; turn it off first to set it up again" });
    const { setup, recoveryHashes } = await newSetup(row.email);
    await this.deps.ds
      .getRepository<UserRow>(User.name)
      .update(
        { id: row.id },
        { twoFactorSecret: setup.secret, twoFactorRecovery: JSON.stringify(recoveryHashes), twoFactorLastStep: null },
      );
    return setup;
  }

  /**
   * Turns two-factor on once a code from the app checks against the pending
   * secret; as a password change does, it ends the user's other sessions (the
   * one that turned it on goes on).
   */
  async enable(user: AuthUser | undefined, code: unknown, client: ClientInfo, via: Via = SYSTEM_VIA): Promise<boolean> {
    const row = await ownRow(this.deps.ds, user);
    if (row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is already on" });
    if (!row.twoFactorSecret) throw new ValidationError({ code: "Set up two-factor sign-in first" });
    if (typeof code !== "string" || !/^\s*\d{6}\s*$/.test(code))
      throw new ValidationError({ code: "Enter the 6-digit code your authenticator app shows" });
    const enabled = await this.useCode(row, code, client, undefined, (update) =>
      this.changeSelf(row, { ...update, twoFactorEnabled: true }, user!, via, {
        once: spendOnce(row, update),
        also: (manager) => endSessionsOf(manager, row.id, user!.sessionId),
      }),
    );
    if (!enabled) throw new ValidationError({ code: "The code is not valid; check the app shows this account and try the current code" });
    await forgetSessionsOf(row.id);
    return true;
  }

  /** Turns two-factor off; it takes a current code (or a recovery code), not just the session. */
  async disable(user: AuthUser | undefined, code: unknown, client: ClientInfo, via: Via = SYSTEM_VIA): Promise<boolean> {
    const row = await ownRow(this.deps.ds, user);
    if (!row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is not on" });
    const disabled = await this.useCode(row, code, client, undefined, (update) =>
      this.changeSelf(
        row,
        { twoFactorEnabled: false, twoFactorSecret: null, twoFactorRecovery: null, twoFactorLastStep: null },
        user!,
        via,
        { once: spendOnce(row, update) },
      ),
    );
    if (!disabled) throw new ValidationError({ code: "The code is not valid" });
    await forgetSessionsOf(row.id);
    return true;
  }

  /** Replaces the recovery codes (the old ones stop working); needs a current code. */
  async newRecoveryCodes(user: AuthUser | undefined, code: unknown, client: ClientInfo, via: Via = SYSTEM_VIA): Promise<string[]> {
    const row = await ownRow(this.deps.ds, user);
    if (!row.twoFactorEnabled) throw new ValidationError({ code: "Two-factor sign-in is not on" });
    const { codes, hashes } = newRecoveryCodes();
    const replaced = await this.useCode(row, code, client, undefined, (update) =>
      this.changeSelf(row, { ...update, twoFactorRecovery: JSON.stringify(hashes) }, user!, via, { once: spendOnce(row, update) }),
    );
    if (!replaced) throw new ValidationError({ code: "The code is not valid" });
    return codes;
  }

  /**
   * Spends a sign-in's code: a TOTP step is marked used, a recovery code is
   * struck off with its audit event. False for a wrong or already spent code,
   * which fails the sign-in's attempt too.
   */
  signInCode(user: UserRow, code: unknown, client: ClientInfo, attempt: Attempt, via: Via): Promise<boolean> {
    const self: AuthUser = { id: user.id, name: user.name, email: user.email, role: user.role };
    return this.useCode(user, code, client, attempt, (update) =>
      update.twoFactorLastStep !== undefined
        ? this.spendStep(user.id, update.twoFactorLastStep)
        : this.changeSelf(user, update, self, via, { once: spendOnce(user, update) }),
    );
  }

  /**
   * Every check of a user's two-factor code: counted per user and per IP
   * (429 with Retry-After once blocked), then, if the code is good, `spend`
   * writes what it allows only if the code is still unspent. Gives the
   * outcome of `spend`, or false for a wrong (or already spent) code, which
   * stays counted. A sign-in passes its own attempt, which already counts the IP
   * and is failed with the code.
   */
  private async useCode(
    row: UserRow,
    code: unknown,
    client: ClientInfo,
    signIn: Attempt | undefined,
    spend: (update: { twoFactorLastStep?: number; twoFactorRecovery?: string }) => Promise<boolean>,
  ): Promise<boolean> {
    const attempt = await this.deps.limiter.beginCode(row.id, client.ip, signIn);
    try {
      const checked = await checkCode(row, code);
      if (!checked.ok || !(await spend(checked.update))) {
        await Promise.all([attempt.failed(), signIn?.failed()]);
        return false;
      }
      await attempt.succeeded();
      return true;
    } finally {
      await attempt.release();
    }
  }

  /**
   * Marks a sign-in's TOTP step used: one conditional update, whose row count
   * says whether this request spent it or a racing one already had.
   */
  private async spendStep(userId: number, step: number): Promise<boolean> {
    const once = spendOnce({}, { twoFactorLastStep: step });
    const result = await this.deps.ds
      .createQueryBuilder()
      .update(User.name)
      .set({ twoFactorLastStep: step })
      .where("id = :id", { id: userId })
      .andWhere(once.where, once.params)
      .execute();
    return Boolean(result.affected);
  }

  /**
   * A user's own two-factor change, with its audit event (the secrets
   * redacted) in one transaction; the record's version moves on, as with any save.
   * `once`: the condition the record must still meet (else nothing is written,
   * and the answer is false); `also`: more work in the same transaction.
   */
  private async changeSelf(
    row: UserRow,
    values: Partial<UserRow>,
    user: AuthUser,
    via: Via,
    opts: { once?: SpendOnce; also?: (manager: EntityManager) => Promise<void> } = {},
  ): Promise<boolean> {
    const { ds, trail, users } = this.deps;
    return trail.during(async () => {
      const event = await inTransaction(ds, async (manager) => {
        const update = manager
          .createQueryBuilder()
          .update(User.name)
          .set({ ...values, updatedAt: new Date(), version: () => "version + 1" })
          .where("id = :id", { id: row.id });
        if (opts.once) update.andWhere(opts.once.where, opts.once.params);
        const result = await update.execute();
        if (opts.once && !result.affected) return undefined;
        await opts.also?.(manager);
        const after = (await manager.getRepository<UserRow>(User.name).findOneBy({ id: row.id }))!;
        return trail.appendWrite(manager, User, { actor: user, via, operation: "update", before: row, after });
      });
      if (!event) return false;
      await users.written();
      await trail.appended(event);
      return true;
    });
  }
}
