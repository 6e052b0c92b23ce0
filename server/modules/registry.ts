import type { FastifyPluginAsync } from 'fastify';
import { analyzeRoutes } from './analyze/routes';
import { figuresRoutes } from './figures/routes';
import { journalRoutes } from './journal/routes';
import { learnRoutes } from './learn/routes';

/**
 * Feature route modules (journal, analyze, learn ...), registered by app.ts after the core
 * (security, error handling, sessions, auth). Add ONE line per module here. Each module is a
 * Fastify plugin that declares full paths ('/api/journal/...') and uses `app.db`,
 * `app.requireUser` / `currentUser(request)` and throws `AppError` (see server/README.md).
 */
export const featureModules: ReadonlyArray<{ name: string; plugin: FastifyPluginAsync }> = [
  { name: 'analyze', plugin: analyzeRoutes },
  { name: 'journal', plugin: journalRoutes },
  { name: 'learn', plugin: learnRoutes },
  { name: 'figures', plugin: figuresRoutes },
];
