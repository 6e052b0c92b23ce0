import type {} from '@fastify/cookie';
import type {} from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import type { User } from '../contracts/auth';
import type { Config } from './config';
import type { Database, Db } from './db/database';
import type { Mailer } from './mail/mailer';

/**
 * What every route module can reach from `app` (decorated in app.ts) and from `request`
 * (filled by the `requireUser` preHandler).
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Drizzle database; the same API on PGlite and PostgreSQL. */
    db: Db;
    database: Database;
    mailer: Mailer;
    /** The clock: tests inject one to move time (code and session expiry). */
    now(): Date;
    /** preHandler: answers 401 unless a valid session cookie came; sets `request.user`. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `app.requireUser`; null on routes without it. */
    user: User | null;
  }
}

export {};
