import { eq } from 'drizzle-orm';
import type { TradingExperience, User } from '../../../contracts/auth';
import type { Db } from '../../db/database';
import { users, type UserRow } from '../../db/schema';

export const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  tradingExperience: row.tradingExperience,
  emailVerified: row.emailVerifiedAt !== null,
});

/** `email` must already be normalised (trimmed, lower-cased) by the contract schema. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Returns undefined when the email is taken (also when a parallel request just took it). */
export async function createUser(
  db: Db,
  input: { name: string; email: string; tradingExperience: TradingExperience },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(input).onConflictDoNothing({ target: users.email }).returning();
  return row;
}
