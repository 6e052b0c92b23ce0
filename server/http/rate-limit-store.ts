import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Where rate-limit counters live. With REDIS_URL they are kept in Redis so that every instance
 * of the app counts the same requests (docs/scaling.md); without it, in this process's memory
 * (one instance, nothing to install). Login-code attempts are not here: they are rows of the
 * database (modules/auth/login-codes.ts), shared by whatever shares the database.
 */

/** Prefix of every rate-limit key, so the app can share a Redis with other software. */
export const DEFAULT_RATE_LIMIT_NAMESPACE = 'c2p:rate-limit:';

/**
 * How long a start-up may wait for Redis before it fails, and a request for one counter.
 * Redis answers a local INCR in well under a millisecond; a second means it is not there.
 */
const REDIS_CONNECT_TIMEOUT_MS = 2_000;
const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * Connects at start-up, so a wrong REDIS_URL stops the server with a clear message instead of
 * leaving it without shared limits. Later outages do not queue requests behind a dead Redis
 * (no offline queue, one retry); the limiter then lets the request through (skipOnError in
 * app.ts) and the outage is logged here.
 */
export async function connectRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  let lastError = '';
  redis.on('error', (err: Error) => {
    // ioredis repeats the error on every reconnect attempt; once per distinct error is enough.
    if (err.message === lastError) return;
    lastError = err.message;
    log.error({ err }, 'Redis for rate limits unreachable; limits are not enforced until it is back');
  });
  redis.on('ready', () => {
    if (lastError) log.info('Redis for rate limits reachable again');
    lastError = '';
  });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    const { hostname, port } = new URL(url);
    throw new Error(
      `Could not connect to Redis at ${hostname || 'localhost'}:${port || 6379} (REDIS_URL): ${(err as Error).message}`,
      { cause: err },
    );
  }
  return redis;
}
