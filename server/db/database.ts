import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { openPgliteThread, type PgliteThread } from './pglite-thread';
import { schema } from './schema';

/**
 * One database type for both drivers: modules write queries against `Db` and never learn
 * whether PGlite (embedded, the default) or PostgreSQL (DATABASE_URL) is underneath.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: Db;
  readonly driver: 'pglite' | 'postgres';
  /** `select 1`; rejects when the database cannot answer (used by /readyz). */
  ping(): Promise<void>;
  /** Applies the committed migrations that have not run yet. */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /**
   * A throw-away in-memory PGlite (tests); `thread` runs it in its own worker thread as the
   * server's file-backed PGlite always is (tests of that path), else on the calling thread.
   */
  | { kind: 'pglite-memory'; thread?: boolean };

/**
 * Bounds on how long PostgreSQL may keep a request waiting (issue 19.8). A statement running
 * longer than STATEMENT_TIMEOUT_MS or waiting longer than LOCK_TIMEOUT_MS for a lock is
 * cancelled by the server, and the request answers 503 with Retry-After (db/errors.ts) instead
 * of hanging: the app's queries take milliseconds, the largest (a 5,000-row import) well under
 * a second. Connecting gives up after CONNECT_TIMEOUT_S.
 *
 * PGlite (the embedded default) ignores statement_timeout (measured: `SET statement_timeout =
 * 200; select pg_sleep(1)` runs the full second: the WASM build has no timer interrupt), and
 * it has one connection, whose statements run one after another, so one process never waits
 * on another's lock. There, /readyz's own deadline (app.ts) is what shows a stuck database.
 */
export const STATEMENT_TIMEOUT_MS = 10_000;
export const LOCK_TIMEOUT_MS = 5_000;
export const CONNECT_TIMEOUT_S = 10;

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.kind === 'postgres') {
    // Few connections: the app is one process and PGlite proves it needs no pool to speak of.
    const client = postgres(location.url, {
      max: 10,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_S,
      // Startup parameters of every connection: no per-query SET needed, none forgotten.
      connection: {
        statement_timeout: STATEMENT_TIMEOUT_MS,
        lock_timeout: LOCK_TIMEOUT_MS,
      },
    });
    const db = drizzlePostgres({ client, schema });
    return wrap(
      db,
      'postgres',
      (folder) => migratePostgres(db, { migrationsFolder: folder }),
      () => client.end({ timeout: 5 }),
    );
  }
  // The server's PGlite runs in a worker thread (pglite-thread.ts): on this thread each of its
  // statements held the event loop, and /healthz with it. Tests' in-memory databases stay here
  // unless asked (faster to open; the statements are the same).
  let client: PGlite | PgliteThread;
  if (location.kind === 'pglite') {
    mkdirSync(location.dataDir, { recursive: true });
    client = await openPgliteThread(location.dataDir);
  } else {
    client = location.thread ? await openPgliteThread() : await PGlite.create();
  }
  // The thread answers the part of PGlite's API that Drizzle's driver uses (query, exec,
  // transaction), which is all the driver calls on its client.
  const db = drizzlePglite({ client: client as PGlite, schema });
  return wrap(
    db,
    'pglite',
    (folder) => migratePglite(db, { migrationsFolder: folder }),
    () => client.close(),
  );
}

function wrap(
  db: Db,
  driver: Database['driver'],
  runMigrations: (folder: string) => Promise<void>,
  close: () => Promise<void>,
): Database {
  let closed: Promise<void> | undefined;
  return {
    db,
    driver,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate(migrationsFolder = findMigrationsFolder()) {
      await runMigrations(migrationsFolder);
    },
    close() {
      closed ??= close();
      return closed;
    },
  };
}

/**
 * The committed migrations live next to this file in the source tree (server/db/migrations)
 * and next to the bundle once built (dist/server/migrations, copied by build-server.mjs).
 */
export function findMigrationsFolder(from = dirname(fileURLToPath(import.meta.url))): string {
  const candidates = [join(from, 'migrations'), join(from, 'db', 'migrations')];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) {
    throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  }
  return resolve(found);
}
