import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { isDatabaseUnavailable } from './errors';

// The server's PGlite runs in a worker thread (pglite-thread.ts); Drizzle must not notice.
let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'c2p-pglite-thread-'));
  database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await database.db.execute(sql`create table t (id int primary key, at timestamptz)`);
}, 60_000);

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PGlite in its own thread', () => {
  it('answers queries with the driver types and keeps an error its SQLSTATE', async () => {
    await database.db.execute(sql`insert into t values (1, '2026-11-27T00:00:00Z')`);
    const { rows } = (await database.db.execute(sql`select id, at from t`)) as { rows: unknown[] };
    expect(rows).toEqual([{ id: 1, at: '2026-11-27 00:00:00+00' }]);
    const duplicate = await database.db.execute(sql`insert into t values (1, null)`).catch((e: unknown) => e);
    const causes: unknown[] = [];
    for (let e = duplicate as { cause?: unknown } | undefined; e; e = e.cause as typeof e) causes.push(e);
    expect(causes.some((e) => (e as { code?: string }).code === '23505')).toBe(true);
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (2, null)`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (3, null)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = (await database.db.execute(sql`select id from t order by id`)) as {
      rows: { id: number }[];
    };
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('answers "unavailable" (503) once closed', async () => {
    await database.close();
    const error = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
