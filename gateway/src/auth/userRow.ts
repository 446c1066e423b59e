import type { DataSource } from "typeorm";
import { UnauthenticatedError } from "../errors";
import type { RowOfResource } from "../resources/kit/define";
import { User } from "../resources/user";
import type { AuthUser } from "./tokens";

export type UserRow = RowOfResource<typeof User>;

/** The signed-in caller's user as stored now: what their own changes and history start from. */
export async function ownRow(ds: DataSource, user: AuthUser | undefined): Promise<UserRow> {
  if (!user) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
  const row = await ds.getRepository<UserRow>(User.name).findOneBy({ id: user.id });
  if (!row) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
  return row;
}
