import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions, users, type UserRow } from '../../db/schema';

export type EmailVerification = { firstProof: boolean; user: UserRow };

/**
 * The first sign-in with an emailed code proves the address (decision 015). It ends every
 * session made before it: one of them may belong to someone who registered the address
 * without owning it, who can then read nothing more. What the account holds (journal,
 * analyses, learning progress) is kept whichever browser the proof comes from: a trader who
 * registered, used the app and first signs in by code on another device must not lose it, and
 * what a stranger could have planted is the owner's to see and delete.
 *
 * One transaction; the conditional update makes the first of two parallel proofs the only one
 * that clears anything.
 */
export async function verifyEmail(
  db: Db,
  userId: string,
  options: { now: Date },
): Promise<EmailVerification> {
  return db.transaction(async (tx) => {
    const [proved] = await tx
      .update(users)
      .set({ emailVerifiedAt: options.now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
      .returning();
    if (!proved) {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!row) throw new Error('the user verifying their email no longer exists');
      return { firstProof: false, user: row };
    }
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return { firstProof: true, user: proved };
  });
}
