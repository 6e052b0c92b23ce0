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
