import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import type { PublicFiguresDto } from '../../../contracts/figures';
import { analyses } from '../../db/schema';
import '../../types';

/**
 * How long one count serves every visitor: the landing page is public, so without this each
 * visit (or a script) would make the database count rows; a minute old is exact enough.
 */
export const FIGURES_CACHE_MS = 60_000;

/** GET /api/figures: the landing page's real numbers (contracts/figures.ts). */
export async function figuresRoutes(app: FastifyInstance) {
  let cached: { at: number; figures: PublicFiguresDto } | null = null;

  app.get('/api/figures', async (_request, reply) => {
    const now = app.now().getTime();
    if (!cached || now - cached.at >= FIGURES_CACHE_MS) {
      const [row] = await app.db.select({ n: count() }).from(analyses);
      cached = { at: now, figures: { analysesSaved: Number(row?.n ?? 0) } };
    }
    void reply.header('cache-control', `public, max-age=${FIGURES_CACHE_MS / 1000}`);
    return cached.figures;
  });
}
