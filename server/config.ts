import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

/**
 * The server's environment, validated once at start-up. Nothing is required for local use:
 * with no variables set the server listens on 127.0.0.1:3000, keeps an embedded PGlite
 * database in ./data/pglite and prints login codes to its log. Every bad variable is listed
 * in one error so a misconfigured deployment is fixed in one go.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings count as unset: `FOO= npm start` should not fail validation. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((value) => (value === '' || value === undefined ? fallback : value), schema);

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'development'),
    PORT: withDefault(
      z.coerce
        .number({ error: 'must be a whole number from 0 to 65535' })
        .int('must be a whole number from 0 to 65535')
        .min(0, 'must be a whole number from 0 to 65535')
        .max(65535, 'must be a whole number from 0 to 65535'),
      '3000',
    ),
    // Loopback by default so a laptop does not expose the app to its network by accident.
    HOST: withDefault(z.string().min(1), '127.0.0.1'),
    DATABASE_URL: optional(
      z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection URL'),
    ),
    DATA_DIR: withDefault(z.string().min(1), './data'),
    SMTP_URL: optional(
      z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL (smtp://host:port)'),
    ),
    MAIL_FROM: withDefault(z.string().min(3), 'Chart-to-Plan <no-reply@localhost>'),
    PUBLIC_ORIGIN: optional(
      z
        .string()
        .refine(
          isOrigin,
          'must be an origin such as https://chart-to-plan.example (scheme, host, optional port; no path)',
        )
        .transform((value) => new URL(value).origin),
    ),
    // Rate limits shared by every instance of the app (docs/scaling.md); unset keeps them in
    // this process's memory, which is right for one instance and needs nothing installed.
    REDIS_URL: optional(
      z.string().regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL (redis://host:6379)'),
    ),
    LOG_LEVEL: withDefault(z.enum(LOG_LEVELS), 'info'),
    TRUST_PROXY: withDefault(
      z
        .string()
        .refine(
          (value) => /^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/.test(value.trim()),
          'must be true, false, a hop count or a comma-separated list of proxy addresses',
        ),
      'false',
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.TRUST_PROXY.trim() === 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'must not be true when NODE_ENV=production: true believes every X-Forwarded-For a client sends, so rotating it escapes every rate limit; set the number of proxies in front of the app (usually 1) or their addresses',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required when NODE_ENV=production (without it login codes would only be written to the log)',
      });
    }
  });

export type Env = z.output<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicOrigin: string | undefined;
  /** Cookies get `Secure` when the public origin is https. */
  secureCookies: boolean;
  logLevel: Env['LOG_LEVEL'];
  /**
   * Which proxies may name the client in X-Forwarded-For: false (none), a hop count (the
   * nearest N), a list of proxy addresses, or true (anyone: refused in production).
   */
  trustProxy: boolean | number | string[];
  /** Redis for rate limits shared across instances; undefined keeps them in memory. */
  redisUrl: string | undefined;
}

/** Variables whose values may hold passwords: never echoed in error messages. */
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'SMTP_URL', 'REDIS_URL']);

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = source[name];
      const shown =
        raw === undefined || raw === ''
          ? ''
          : SECRET_VARIABLES.has(name)
            ? ' (value hidden)'
            : ` (got ${JSON.stringify(raw)})`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    dataDir,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicOrigin: env.PUBLIC_ORIGIN,
    secureCookies: env.PUBLIC_ORIGIN?.startsWith('https://') ?? false,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL,
  };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed.split(',').map((part) => part.trim());
}
