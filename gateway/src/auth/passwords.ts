import bcrypt from "bcryptjs";

/**
 * bcrypt cost of new hashes (PASSWORD_HASH_ROUNDS, set from the config at start). A hash keeps the cost it was
 * made with, so changing the setting never locks anyone out; users get the new cost at their next password change.
 */
let rounds = 10;
// Compared against when the email is unknown, so timing does not reveal which emails exist: made at the same cost.
let dummyHash: string | undefined;

export function setHashRounds(value: number) {
  if (value !== rounds) dummyHash = undefined;
  rounds = value;
}

export const hashPassword = (password: string) => bcrypt.hash(password, rounds);

export const verifyPassword = (password: string, hash: string | undefined) =>
  bcrypt.compare(password, hash ?? (dummyHash ??= bcrypt.hashSync("not-a-real-password", rounds))).then((ok) => ok && hash !== undefined);
