import bcrypt from "bcryptjs";

const ROUNDS = 10;
// Compared against when the email is unknown, so timing does not reveal which emails exist.
const DUMMY_HASH = bcrypt.hashSync("not-a-real-password", ROUNDS);

export const hashPassword = (password: string) => bcrypt.hash(password, ROUNDS);

export const verifyPassword = (password: string, hash: string | undefined) =>
  bcrypt.compare(password, hash ?? DUMMY_HASH).then((ok) => ok && hash !== undefined);
