/**
 * The embedded database's own thread: one PGlite instance, driven by messages from
 * pglite-thread.ts on the server's main thread. PGlite runs its WASM Postgres synchronously on
 * whichever thread holds it; here that is this worker, so a 5,000-row INSERT or a 10,000-row
 * SELECT no longer holds the event loop that answers /healthz and everyone else (issue 21).
 *
 * Messages in: query / exec (optionally inside an open transaction `tx`), begin, end (commit or
 * roll back `tx`), close. Every message has an `id`; the answer carries the same id.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      raw: number[];
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export type PgliteReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

export interface PgliteWorkerData {
  /** Data directory; undefined for a throw-away in-memory database. */
  dataDir?: string;
}

/** Thrown inside PGlite's transaction callback to make it roll back; never reaches a caller. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean, endId: number): void;
}

const port = parentPort!;
const { dataDir } = workerData as PgliteWorkerData;
const ready = dataDir === undefined ? PGlite.create() : PGlite.create(dataDir);
const transactions = new Map<number, OpenTransaction>();
let nextTx = 1;

function reply(message: PgliteReply) {
  port.postMessage(message);
}

/**
 * An error as plain fields, so the main thread rebuilds it with the same `code`, `detail`,
 * `constraint`... (db/errors.ts and the routes read them) and the same message.
 */
function serialise(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const out: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

/** Parsers that keep a value's text: the caller applies its own parsers to those (see thread). */
const keepText = (raw: number[]) => Object.fromEntries(raw.map((oid) => [oid, (value: string) => value]));

async function handle(message: PgliteRequest): Promise<void> {
  const pg = await ready;
  switch (message.op) {
    case 'query': {
      const target = message.tx === undefined ? pg : transactions.get(message.tx)?.tx;
      if (!target) throw new Error('Transaction is closed');
      const result = await target.query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers: keepText(message.raw),
      });
      reply({ id: message.id, ok: true, result });
      return;
    }
    case 'exec': {
      const target = message.tx === undefined ? pg : transactions.get(message.tx)?.tx;
      if (!target) throw new Error('Transaction is closed');
      reply({ id: message.id, ok: true, result: await target.exec(message.sql) });
      return;
    }
    case 'begin': {
      let began = false;
      let endId = -1;
      // PGlite holds its lock from BEGIN to COMMIT/ROLLBACK; other queries wait for it here,
      // as they would on the main thread. The callback ends when the main thread says so.
      pg.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            const txId = nextTx++;
            transactions.set(txId, {
              tx,
              finish(commit, id) {
                endId = id;
                transactions.delete(txId);
                if (commit) resolve();
                else reject(ROLLBACK);
              },
            });
            began = true;
            reply({ id: message.id, ok: true, result: txId });
          }),
      ).then(
        () => reply({ id: endId, ok: true, result: null }),
        (error: unknown) => {
          if (!began) reply({ id: message.id, ok: false, error: serialise(error) });
          else if (error === ROLLBACK) reply({ id: endId, ok: true, result: null });
          else reply({ id: endId, ok: false, error: serialise(error) });
        },
      );
      return;
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('Transaction is closed');
      open.finish(message.commit, message.id);
      return;
    }
    case 'close': {
      await pg.close();
      reply({ id: message.id, ok: true, result: null });
      port.close();
      return;
    }
  }
}

port.on('message', (message: PgliteRequest) => {
  handle(message).catch((error: unknown) => reply({ id: message.id, ok: false, error: serialise(error) }));
});
