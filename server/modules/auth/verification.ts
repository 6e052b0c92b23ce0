import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { analyses, journalEntries, learnProgress, sessions, users, type UserRow } from '../../db/schema';

export type EmailVerification =
  { firstProof: true; user: UserRow; dataKept: boolean } | { firstProof: false; user: UserRow };

/**
 * The first sign-in with an emailed code proves the address (decision 015). It ends every
 * session made before it: one of them may belong to someone who registered the address
 * without owning it. What that account holds (journal, analyses, learning progress) is kept
 * only when the proof comes from a browser signed in to it, i.e. the person who made the
 * data is the one who now owns the address; otherwise it was made by someone never shown to
 * own the address, and it is deleted so nothing they planted reaches the owner.
 *
 * One transaction; the conditional update makes the first of two parallel proofs the only one
 * that clears anything.
 */
export async function verifyEmail(
  db: Db,
  userId: string,
  options: { now: Date; heldSessionUserId: string | undefined },
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
    const dataKept = options.heldSessionUserId === userId;
    if (!dataKept) {
      await tx.delete(journalEntries).where(eq(journalEntries.userId, userId));
      await tx.delete(analyses).where(eq(analyses.userId, userId));
      await tx.delete(learnProgress).where(eq(learnProgress.userId, userId));
    }
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return { firstProof: true, user: proved, dataKept };
  });
}
