import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  emptyLearnProgress,
  LEARN_PROGRESS_LIMITS,
  learnProgressSchema,
  mergeLearnProgress,
  type LearnProgress,
} from '../../../contracts/learn';
import type { Db } from '../../db/database';
import { learnProgress } from '../../db/schema';
import { AppError, parseWith } from '../../http/errors';
import '../../types';
import { currentUser } from '../auth/session-plugin';

/**
 * A stored document that no longer parses (written by an older build) must not lock the trader
 * out of the page: it reads as empty, and the next save replaces it.
 */
function storedDocument(data: unknown): LearnProgress {
  const parsed = learnProgressSchema.safeParse(data);
  return parsed.success ? parsed.data : emptyLearnProgress();
}

async function readProgress(db: Db, userId: string): Promise<LearnProgress> {
  const [row] = await db
    .select({ data: learnProgress.data })
    .from(learnProgress)
    .where(eq(learnProgress.userId, userId));
  return row ? storedDocument(row.data) : emptyLearnProgress();
}

/** GET and PUT /api/learn/progress: one progress document per signed-in user (docs/learning-content.md). */
export async function learnRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get('/api/learn/progress', { preHandler: app.requireUser }, async (request, reply) => {
    const user = currentUser(request);
    void reply.header('cache-control', 'no-store');
    return readProgress(db, user.id);
  });

  app.put(
    '/api/learn/progress',
    { preHandler: app.requireUser, bodyLimit: LEARN_PROGRESS_LIMITS.maxBodyBytes },
    async (request, reply) => {
      const user = currentUser(request);
      const sent = parseWith(learnProgressSchema, request.body);
      const now = app.now();
      const merged = await db.transaction(async (tx) => {
        // Two tabs saving at once: the row is created if missing, then locked, so each PUT
        // merges into the other's result instead of overwriting it.
        await tx
          .insert(learnProgress)
          .values({ userId: user.id, data: emptyLearnProgress(), updatedAt: now })
          .onConflictDoNothing({ target: learnProgress.userId });
        const [row] = await tx
          .select({ data: learnProgress.data })
          .from(learnProgress)
          .where(eq(learnProgress.userId, user.id))
          .for('update');
        const next = mergeLearnProgress(storedDocument(row?.data), sent);
        if (!learnProgressSchema.safeParse(next).success) {
          throw new AppError(
            400,
            'LEARN_PROGRESS_TOO_LARGE',
            `Progress can hold at most ${LEARN_PROGRESS_LIMITS.maxEntries} quizzes and ${LEARN_PROGRESS_LIMITS.maxEntries} practice charts.`,
          );
        }
        await tx
          .update(learnProgress)
          .set({ data: next, updatedAt: now })
          .where(eq(learnProgress.userId, user.id));
        return next;
      });
      void reply.header('cache-control', 'no-store');
      return merged;
    },
  );
}
