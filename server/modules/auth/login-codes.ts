import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_TTL_MINUTES } from '../../../contracts/auth';
import type { Db } from '../../db/database';
import { loginCodes } from '../../db/schema';

export const LOGIN_CODE_TTL_MS = LOGIN_CODE_TTL_MINUTES * 60 * 1000;

/**
 * Salted with the user id so equal codes of two users hash differently. An 8-digit code can
 * be brute-forced offline from a leaked hash; what protects it is its 10-minute life, the
 * 5-try limit and single use, not the hash.
 */
const hashCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** 8 digits from the CSPRNG, leading zeros kept. */
export const generateCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

/** Issues a fresh code, replacing any earlier one of this user (one active code per user). */
export async function issueLoginCode(db: Db, userId: string, now: Date): Promise<string> {
  const code = generateCode();
  const values = {
    codeHash: hashCode(userId, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
    attempts: 0,
    consumedAt: null,
  };
  await db
    .insert(loginCodes)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: loginCodes.userId, set: values });
  return code;
}

export type VerifyOutcome =
  | { ok: true }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }
  | { ok: false; reason: 'burned' | 'expired' | 'used' | 'none' };

/**
 * Consumes the code with ONE conditional UPDATE: the row lock makes two parallel requests
 * with the right code race for `consumed_at IS NULL`, and only one of them wins.
 */
export async function verifyLoginCode(
  db: Db,
  userId: string,
  code: string,
  now: Date,
): Promise<VerifyOutcome> {
  const usable = and(
    eq(loginCodes.userId, userId),
    isNull(loginCodes.consumedAt),
    gt(loginCodes.expiresAt, now),
    lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS),
  );
  const [consumed] = await db
    .update(loginCodes)
    .set({ consumedAt: now })
    .where(and(usable, eq(loginCodes.codeHash, hashCode(userId, code))))
    .returning({ id: loginCodes.id });
  if (consumed) return { ok: true };

  const [counted] = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(usable)
    .returning({ attempts: loginCodes.attempts });
  if (counted) {
    const attemptsLeft = LOGIN_CODE_MAX_ATTEMPTS - counted.attempts;
    return attemptsLeft > 0 ? { ok: false, reason: 'wrong', attemptsLeft } : { ok: false, reason: 'burned' };
  }

  // Nothing usable: say why, so the trader knows to request a new code.
  const [row] = await db.select().from(loginCodes).where(eq(loginCodes.userId, userId)).limit(1);
  if (!row) return { ok: false, reason: 'none' };
  if (row.consumedAt) return { ok: false, reason: 'used' };
  if (row.attempts >= LOGIN_CODE_MAX_ATTEMPTS) return { ok: false, reason: 'burned' };
  return { ok: false, reason: 'expired' };
}
