import { createHash } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/**
 * Paths pino blanks out. Fastify's request serializer logs method, url and addresses only,
 * but a plugin or a careless `log.info({ req })` must still not leak a cookie, a login code
 * or an email. Route code logs `emailHash(...)` instead of an address.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'res.headers["set-cookie"]',
  'body',
  'req.body',
  'email',
  '*.email',
  'loginCode',
  '*.loginCode',
  'token',
  '*.token',
];

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** A stable, non-reversible handle for an email in logs (same person -> same hash). */
export const emailHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 12);

/** "jane.doe@example.com" -> "j***@example.com": enough for a developer to recognise. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * Redaction by path cannot reach inside an error's text, and database errors carry the data of
 * the failed query there: Drizzle's "Failed query: ... params: jane@x.com,..." message, and
 * PostgreSQL's own words ('Key (email)=(jane@x.com) already exists', 'invalid input syntax:
 * "jane@x.com"'). So every logged error goes through this: pino's standard error serializer
 * (type, message, stack, causes), then the query parameters are cut from every text and field,
 * and any email address left is masked. The query itself (placeholders, no values) is kept: it
 * is what a developer needs to find the failing statement.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error);
  return scrub(serialized, 0);
}

/** Fields that hold a failed query's values (Drizzle: params; postgres.js: parameters, args). */
const VALUE_FIELDS = new Set(['params', 'parameters', 'args']);
const PARAMS_TEXT = /(\bparams: )[\s\S]*?(?=\n\s+at |\ncaused by|$)/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const MAX_SCRUB_DEPTH = 6;

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return value.replace(PARAMS_TEXT, '$1[redacted]').replace(EMAIL, '[email]');
  }
  if (depth >= MAX_SCRUB_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = VALUE_FIELDS.has(key) ? '[redacted]' : scrub(item, depth + 1);
  }
  return out;
}
