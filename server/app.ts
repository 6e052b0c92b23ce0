import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { registerErrorHandling, registerNotFound } from './http/errors';
import { DEFAULT_RATE_LIMIT_NAMESPACE, connectRateLimitRedis } from './http/rate-limit-store';
import { registerInputGuards } from './http/input-guards';
import { registerSecurity } from './http/security';
import { hasWebBuild, registerStaticWeb } from './http/static-web';
import { createLogger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { DEFAULT_AUTH_RATE_LIMITS, authRoutes, type AuthRateLimits } from './modules/auth/routes';
import { sessionPlugin } from './modules/auth/session-plugin';
import { featureModules } from './modules/registry';
import './types';

export interface AppOptions {
  /** An open database to use (tests share one per file); the app then does not close it. */
  database?: Database;
  /** Migrations folder; defaults to the one next to the code or the bundle. */
  migrationsFolder?: string;
  mailer?: Mailer;
  /** Clock for expiry decisions (codes, sessions). */
  now?: () => Date;
  /** Where pino writes (tests capture the log); stdout by default. */
  logStream?: DestinationStream;
  /** Built web app (dist/web); served when it holds an index.html. */
  webRoot?: string;
  authRateLimits?: Partial<AuthRateLimits>;
  /** Prefix of the rate-limit keys in Redis (tests use their own). */
  rateLimitNamespace?: string;
  /** Called for every route as it is registered (the fuzz test enumerates them so). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * /readyz gives the database this long to answer `select 1`. A database that takes longer is
 * not ready for traffic (a load balancer should send it none): PostgreSQL under a lock storm or
 * out of connections, or PGlite stuck behind a long statement (it ignores statement_timeout).
 */
export const READY_TIMEOUT_MS = 2_000;

function answersWithin(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {}); // a late failure after the deadline is already answered
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Longest time a client may take to send one request, headers and body (ms). */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Builds the whole HTTP app: migrated database, security, accounts, feature modules. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const logger = createLogger(config, options.logStream);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    // JSON bodies here are small; multipart uploads (analyze) set their own limits.
    bodyLimit: 1024 * 1024,
    // Node answers 408 and closes a connection whose request (headers and body) has not
    // arrived in this time; Fastify's default is no limit, which lets a client that trickles
    // bytes hold a connection forever. The analyze upload has its own, shorter deadline.
    requestTimeout: REQUEST_TIMEOUT_MS,
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config.database));
  try {
    await database.migrate(options.migrationsFolder);
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }
  const mailer = options.mailer ?? createMailer(config, logger);
  let redis: Redis | undefined;
  try {
    redis = config.redisUrl ? await connectRateLimitRedis(config.redisUrl, app.log) : undefined;
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }
  if (config.trustProxy === true) {
    app.log.warn(
      'TRUST_PROXY=true believes every X-Forwarded-For header, so a client can pick its own IP and escape the rate limits; set the number of proxies in front of the app (usually 1) or their addresses (refused when NODE_ENV=production)',
    );
  }

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer);
  app.decorate('now', options.now ?? (() => new Date()));
  app.addHook('onClose', async () => {
    await mailer.close();
    await redis?.quit();
    if (ownsDatabase) await database.close();
  });

  registerErrorHandling(app);
  registerInputGuards(app);
  await registerSecurity(app, config);
  await app.register(fastifyCookie);
  // global: false -> limits are applied where a route asks (see modules/auth/routes.ts).
  // With Redis, a Redis outage lets requests through rather than refusing every sign-in and
  // analysis; the limit that guards accounts most, 5 tries per login code, is a database row.
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: options.rateLimitNamespace ?? DEFAULT_RATE_LIMIT_NAMESPACE, skipOnError: true }
      : {}),
  });
  await app.register(sessionPlugin);

  // API answers are per user and must never be stored by a browser or proxy cache.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await answersWithin(database.ping(), READY_TIMEOUT_MS);
      return { status: 'ready', database: database.driver };
    } catch (err) {
      request.log.error({ err }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable', database: database.driver });
    }
  });

  await app.register(authRoutes({ ...DEFAULT_AUTH_RATE_LIMITS, ...options.authRateLimits }));
  for (const module of featureModules) {
    await app.register(module.plugin);
  }

  const spa = Boolean(options.webRoot && hasWebBuild(options.webRoot));
  if (spa && options.webRoot) await registerStaticWeb(app, options.webRoot);
  registerNotFound(app, { spa });
  return app;
}

/** TRUST_PROXY=2 means "trust the two nearest proxies" (proxy-addr counts hops from 0). */
const hopCount =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;
