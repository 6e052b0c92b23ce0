import { createHash, randomInt } from 'node:crypto';
import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  gte,
  isNotNull,
  lte,
  sql,
} from 'drizzle-orm';
import { LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_TTL_MINUTES } from '../../../contracts/auth';
import type { Db } from '../../db/database';
import { loginCodes } from '../../db/schema';

export const LOGIN_CODE_TTL_MS = LOGIN_CODE_TTL_MINUTES * 60 * 1000;

/**
 * Codes of one user alive at once. A new request leaves earlier live codes working (decision
 * 015), so this only has to cover what the per-email ceiling lets through in one code life
 * (10 codes per 15 minutes, codes live 10 minutes): a stranger cannot push the owner's code
 * out. Every guess is checked against every live code and counts against each of them, so
 * a code still meets at most LOGIN_CODE_MAX_ATTEMPTS guesses however many are alive.
 */
export const MAX_LIVE_CODES_PER_USER = 10;

/**
 * Salted with the user id so equal codes of two users hash differently. An 8-digit code can
 * be brute-forced offline from a leaked hash; what protects it is its 10-minute life, the
 * 5-try limit and single use, not the hash.
 */
const hashCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** 8 digits from the CSPRNG, leading zeros kept. */
export const generateCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

/**
 * Issues a fresh code beside the user's other live codes, then drops the dead ones (used,
 * expired, burned) and any live ones past MAX_LIVE_CODES_PER_USER, oldest first.
 */
export async function issueLoginCode(db: Db, userId: string, now: Date): Promise<string> {
  const code = generateCode();
  await db.insert(loginCodes).values({
    userId,
    codeHash: hashCode(userId, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
    attempts: 0,
    consumedAt: null,
  });
  const newest = db
    .select({ id: loginCodes.id })
    .from(loginCodes)
    .where(eq(loginCodes.userId, userId))
    .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
    .limit(MAX_LIVE_CODES_PER_USER);
  await db
    .delete(loginCodes)
    .where(
      and(
        eq(loginCodes.userId, userId),
        or(
          isNotNull(loginCodes.consumedAt),
          lte(loginCodes.expiresAt, now),
          gte(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS),
          notInArray(loginCodes.id, newest),
        ),
      ),
    );
  return code;
}

export type VerifyOutcome =
  | { ok: true }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }
  | { ok: false; reason: 'burned' | 'expired' | 'used' | 'none' };

/**
 * Checks the guess and counts it in ONE statement, so parallel guesses cannot be checked
 * before they are counted (issue 19: 25 wrong guesses and the right one sent at once got
 * through when the check and the count were two statements). The statement locks the user's
 * usable codes (in id order, so two guesses never deadlock), adds one attempt to each, and
 * consumes the one whose hash matches. Under READ COMMITTED a guess that waited for the lock
 * re-reads the row and skips it once it reached the limit or was consumed; PGlite runs one
 * statement at a time. Either way no code meets more than LOGIN_CODE_MAX_ATTEMPTS guesses.
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
  const lockedUsable = db
    .select({ id: loginCodes.id })
    .from(loginCodes)
    .where(usable)
    .orderBy(loginCodes.id)
    .for('update');
  const counted = await db
    .update(loginCodes)
    .set({
      attempts: sql`${loginCodes.attempts} + 1`,
      consumedAt: sql`case when ${loginCodes.codeHash} = ${hashCode(userId, code)} then ${now.toISOString()}::timestamptz end`,
    })
    .where(and(usable, inArray(loginCodes.id, lockedUsable)))
    .returning({ id: loginCodes.id, attempts: loginCodes.attempts, consumedAt: loginCodes.consumedAt });

  const matched = counted.find((row) => row.consumedAt !== null);
  if (matched) {
    // Signed in: the other codes in the inbox have served their purpose.
    await db
      .update(loginCodes)
      .set({ consumedAt: now })
      .where(and(eq(loginCodes.userId, userId), isNull(loginCodes.consumedAt)));
    return { ok: true };
  }
  if (counted.length > 0) {
    // The freshest code has the most tries left; that is the one worth telling about.
    const attemptsLeft = Math.max(...counted.map((row) => LOGIN_CODE_MAX_ATTEMPTS - row.attempts));
    return attemptsLeft > 0 ? { ok: false, reason: 'wrong', attemptsLeft } : { ok: false, reason: 'burned' };
  }

  // Nothing usable: say why (of the latest code), so the trader knows to request a new one.
  const [latest] = await db
    .select()
    .from(loginCodes)
    .where(eq(loginCodes.userId, userId))
    .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
    .limit(1);
  if (!latest) return { ok: false, reason: 'none' };
  if (latest.consumedAt) return { ok: false, reason: 'used' };
  if (latest.attempts >= LOGIN_CODE_MAX_ATTEMPTS) return { ok: false, reason: 'burned' };
  return { ok: false, reason: 'expired' };
}
