import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteReply, PgliteRequest, PgliteWorkerData } from './pglite-worker';

/**
 * PGlite in a worker thread (pglite-worker.ts), seen from the main thread through the part of
 * PGlite's API that Drizzle's pglite driver calls: query, exec, transaction, close.
 *
 * Why: PGlite runs Postgres as WASM, synchronously, on the thread that holds it. On the main
 * thread every statement held the event loop: importing 10,000 trades kept /healthz waiting
 * 0.9-2.6 s (bench/journal.bench.ts) however small the batches. In a worker the main thread
 * only posts a message and, later, reads the answer (a structured clone of the rows).
 *
 * PGlite's own worker (@electric-sql/pglite/worker) is for browsers: it needs a Web Worker,
 * navigator.locks and leader election between tabs; this is the Node equivalent, a few lines.
 *
 * Parsers are functions and cannot cross threads: the worker keeps the text of every type the
 * caller has a parser for, and the parser runs here on the rows that come back (Drizzle's are
 * "keep the text" for dates, timestamps and intervals, so the answer is the same).
 */

type Row = Record<string, unknown> | unknown[];
interface Results {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}
type Request = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface PgliteQueryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
}

export interface PgliteThread extends PgliteQueryable {
  transaction<T>(
    callback: (tx: PgliteQueryable & { rollback(): Promise<void>; closed: boolean }) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/**
 * Next to the production bundle (dist/server/pglite-worker.js), else the source through tsx's
 * require hook (dev, tests): on Node 20 a worker does not get the module hooks `--import tsx`
 * registers ("Unknown file extension .ts"), while a require hook lives in the worker itself.
 */
function startWorker(workerData: PgliteWorkerData): Worker {
  const bundled = fileURLToPath(new URL('./pglite-worker.js', import.meta.url));
  if (existsSync(bundled)) return new Worker(bundled, { workerData });
  const source = JSON.stringify(fileURLToPath(new URL('./pglite-worker.ts', import.meta.url)));
  const boot = `require('tsx/cjs/api').register(); require(${source});`;
  return new Worker(boot, { eval: true, workerData });
}

/** Rebuilds an error the worker sent as fields; db/errors.ts needs "PGlite is closed" kept. */
function rebuild(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'PGlite error'));
  const { stack: _stack, message: _message, ...rest } = fields;
  return Object.assign(error, rest);
}

function applyParsers(result: Results, options: QueryOptions | undefined): Results {
  const parsers = options?.parsers;
  if (!parsers || result.rows.length === 0) return result;
  const parsed = result.fields
    .map((field, index) => ({ field, index, parse: parsers[field.dataTypeID] }))
    .filter((c) => c.parse !== undefined);
  if (parsed.length === 0) return result;
  for (const row of result.rows) {
    for (const { field, index, parse } of parsed) {
      if (Array.isArray(row)) {
        if (row[index] !== null) row[index] = parse!(row[index] as string, field.dataTypeID);
      } else if (row[field.name] !== null) {
        row[field.name] = parse!(row[field.name] as string, field.dataTypeID);
      }
    }
  }
  return result;
}

export async function openPgliteThread(dataDir?: string): Promise<PgliteThread> {
  const worker = startWorker({ dataDir });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let failure: Error | undefined;
  let closed = false;

  const failAll = (error: Error) => {
    failure ??= error;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on('message', (message: PgliteReply) => {
    const p = pending.get(message.id);
    if (!p) return;
    pending.delete(message.id);
    if (message.ok) p.resolve(message.result);
    else p.reject(rebuild(message.error));
  });
  // The message names "PGlite is closed" so db/errors.ts answers 503, as for a closed PGlite.
  worker.on('error', (error) => failAll(new Error(`PGlite is closed: its thread failed (${error.message})`)));
  worker.on('exit', (code) => failAll(new Error(`PGlite is closed: its thread exited (${code})`)));

  const call = <T>(request: Request): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const queryable = (tx?: number): PgliteQueryable => ({
    async query(sql, params = [], options) {
      const raw = Object.keys(options?.parsers ?? {}).map(Number);
      const result = await call<Results>({ op: 'query', sql, params, rowMode: options?.rowMode, raw, tx });
      return applyParsers(result, options);
    },
    exec: (sql) => call<Results[]>({ op: 'exec', sql, tx }),
  });

  const thread: PgliteThread = {
    ...queryable(),
    async transaction(callback) {
      const tx = await call<number>({ op: 'begin' });
      let ended = false;
      const handle = {
        ...queryable(tx),
        async rollback() {
          ended = true;
          await call({ op: 'end', tx, commit: false });
        },
        get closed() {
          return ended;
        },
      };
      let result;
      try {
        result = await callback(handle);
      } catch (error) {
        if (!ended) {
          ended = true;
          await call({ op: 'end', tx, commit: false }).catch(() => {});
        }
        throw error;
      }
      if (!ended) {
        ended = true;
        await call({ op: 'end', tx, commit: true });
      }
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await call({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
    get closed() {
      return closed;
    },
  };
  // Opening: the first answer comes once PGlite is up (or its error, e.g. a locked data dir).
  try {
    await thread.query('select 1');
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return thread;
}
