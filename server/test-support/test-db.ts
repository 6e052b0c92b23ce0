import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../db/database';

export interface TestDatabase {
  database: Database;
  /** Connection URL of the throw-away PostgreSQL database (undefined on PGlite). */
  url?: string;
  /** Closes the connection and drops the throw-away PostgreSQL database, if one was made. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default; with
 * TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test in CI) a throw-away database
 * created on that server and dropped afterwards, so test files never see each other's rows.
 * TEST_PGLITE_THREAD=1 runs the in-memory PGlite in its own worker thread, as the server runs
 * its file-backed one (db/pglite-thread.ts).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({
      kind: 'pglite-memory',
      thread: process.env.TEST_PGLITE_THREAD === '1',
    });
    await database.migrate();
    return { database, cleanup: () => database.close() };
  }
  const name = `c2p_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async cleanup() {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}
