import { createHash, randomBytes, timingSafeEqual } from "crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

/** The issuer authenticator apps show beside the account. */
const ISSUER = "Presale back-office";
const RECOVERY_CODES = 10;
/** One period either side: a phone clock a little off still works (RFC 6238 section 5.2). */
const TOLERANCE_SECONDS = 30;

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a PNG data URL, to scan. */
  qrCode: string;
  /** Ten single-use codes, shown once; only their hashes are kept. */
  recoveryCodes: string[];
}

/** The columns of a user that two-factor sign-in reads and writes. */
export interface TwoFactorState {
  twoFactorSecret?: string | null;
  twoFactorRecovery?: string | null;
  twoFactorLastStep?: number | null;
}

const hash = (code: string) => createHash("sha256").update(normalise(code)).digest("hex");
const normalise = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/** A new secret, its otpauth URL and QR code, and fresh recovery codes (with the hashes to store). */
export async function newSetup(email: string): Promise<{ setup: TwoFactorSetup; recoveryHashes: string[] }> {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  const { codes, hashes } = newRecoveryCodes();
  return { setup: { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl), recoveryCodes: codes }, recoveryHashes: hashes };
}

/** Ten codes of 10 base32 characters (50 bits each), written xxxxx-xxxxx. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hash) };
}

/**
 * Checks a code: a TOTP code (6 digits) not used before, or an unused recovery
 * code. Says what to store when it is good: the time step used, or the
 * recovery codes that remain.
 */
export async function checkCode(
  state: TwoFactorState,
  code: unknown,
): Promise<{ ok: false } | { ok: true; update: { twoFactorLastStep?: number; twoFactorRecovery?: string } }> {
  if (typeof code !== "string" || !state.twoFactorSecret) return { ok: false };
  const token = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(token)) {
    const result = await verify({
      secret: state.twoFactorSecret,
      token,
      epochTolerance: TOLERANCE_SECONDS,
      // A code is good once: the step it matched must be newer than the last one used.
      ...(state.twoFactorLastStep ? { afterTimeStep: state.twoFactorLastStep } : {}),
    }).catch(() => ({ valid: false as const }));
    // A TOTP verification (the default strategy) says which time step matched.
    return result.valid ? { ok: true, update: { twoFactorLastStep: (result as { timeStep: number }).timeStep } } : { ok: false };
  }
  const hashes: string[] = JSON.parse(state.twoFactorRecovery || "[]");
  const given = Buffer.from(hash(token), "hex");
  const index = hashes.findIndex((h) => timingSafeEqual(Buffer.from(h, "hex"), given));
  if (index < 0) return { ok: false };
  return { ok: true, update: { twoFactorRecovery: JSON.stringify(hashes.filter((_, i) => i !== index)) } };
}

/** The condition the user's record must still meet for a code to be spent: of racing uses, the database lets one through. */
export interface SpendOnce {
  where: string;
  params: Record<string, unknown>;
}

/**
 * What makes a checked code single-use under any concurrency: a TOTP step is
 * spent only while the last used step is older (so one conditional update
 * wins per step, whatever the isolation level), a recovery code only while
 * the record still holds the list it was found in.
 */
export function spendOnce(state: TwoFactorState, update: { twoFactorLastStep?: number; twoFactorRecovery?: string }): SpendOnce {
  if (update.twoFactorLastStep !== undefined)
    return { where: "(twoFactorLastStep IS NULL OR twoFactorLastStep < :step)", params: { step: update.twoFactorLastStep } };
  return { where: "twoFactorRecovery = :recovery", params: { recovery: state.twoFactorRecovery ?? "" } };
}
