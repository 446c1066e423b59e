import type { DataSource } from "typeorm";
import type { Logger } from "../logger";
import { SignInEvent, type SignInResult } from "../resources/signInEvent";
import type { ClientInfo } from "./clientInfo";
import type { AuthUser } from "./tokens";
import { ownRow } from "./userRow";

/** Every sign-in attempt, kept as a sign-in event, and each user's own recent ones. */
export class SignInLog {
  constructor(
    private readonly ds: DataSource,
    private readonly log: Logger,
  ) {}

  /** Keeps an attempt; a failure to write it is logged, never the attempt's answer. */
  async record(email: string, userId: number | undefined, client: ClientInfo, result: SignInResult) {
    const now = new Date();
    await this.ds
      .getRepository(SignInEvent.name)
      .insert({
        email: email.slice(0, 190),
        userId: userId ?? null,
        ip: client.ip.slice(0, 45),
        userAgent: client.userAgent?.slice(0, 255) ?? null,
        result,
        createdAt: now,
        updatedAt: now,
      })
      .catch((e) => this.log.error({ err: e }, "could not record a sign-in event"));
  }

  /** The signed-in user's own recent sign-in attempts. */
  async mine(user: AuthUser | undefined, limit = 20) {
    const row = await ownRow(this.ds, user);
    return this.ds
      .getRepository(SignInEvent.name)
      .createQueryBuilder("e")
      .where("e.userId = :id OR LOWER(e.email) = :email", { id: row.id, email: String(row.email).toLowerCase() })
      .orderBy("e.createdAt", "DESC")
      .addOrderBy("e.id", "DESC")
      .limit(limit)
      .getMany();
  }
}
