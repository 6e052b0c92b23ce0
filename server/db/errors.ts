/**
 * Whether an error means "the database cannot answer now" (down, unreachable, restarting, out
 * of connections, or too slow: statement or lock timeout) rather than "this request is wrong".
 * Those answer 503 with Retry-After (http/errors.ts), so a client retries instead of reporting
 * a bug. Drizzle wraps driver errors (DrizzleQueryError.cause), so the whole cause chain counts.
 */

/** Node socket errors and postgres.js's own connection error codes. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 53300 too many connections, 57P01-03
 * shutting down / cannot connect now, 57014 statement timeout (or cancel), 55P03 lock timeout.
 */
const UNAVAILABLE_SQLSTATES = /^(08...|53300|57P0[1-3]|57014|55P03)$/;

/** PGlite reports a closed database by message only. */
const CLOSED_MESSAGES = /PGlite is closed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) {
      return true;
    }
    if (typeof message === 'string' && CLOSED_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
