import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  journalCloseBodySchema,
  journalCreateBodySchema,
  journalUpdateBodySchema,
  JOURNAL_IMPORT_MAX_BYTES,
  journalStatementFieldsSchema,
  type JournalImportPreview,
  JOURNAL_LIMITS,
  journalListQuerySchema,
  type JournalEntry,
  type JournalImportResult,
  type JournalList,
  type JournalStats,
  type JournalStatus,
} from '../../../contracts/journal';
import {
  dailyPnl,
  journalBreakdowns,
  journalStatistics,
  plannedVsRealised,
  rDistribution,
  realisedResult,
  weeklyPnl,
} from '../../../engine/journal';
import { analyses, journalEntries, type JournalEntryRow } from '../../db/schema';
import { AppError, parseWith } from '../../http/errors';
import '../../types';
import { currentUser } from '../auth/session-plugin';
import { journalCsvHeader, journalCsvLines, yieldToEventLoop, type ImportedRow } from './csv';
import { insertJournalRowsSql } from './bulk-insert';
import { csvPreview, importStatement, isDryRun } from './statements/import';
import { createImportPool } from './statements/import-pool';
import { ROWS_PER_INSERT } from './statements/import-worker';
import { readStatementUpload, STATEMENT_MULTIPART_LIMITS } from './statements/upload';
import { sizingColumns, toJournalEntry, UUID_PATTERN } from './entries';
import { entriesInPages, pageOfEntries, statsEntriesOf } from './list';

const notFound = () =>
  new AppError(404, 'JOURNAL_ENTRY_NOT_FOUND', 'This journal entry does not exist (or was deleted).');

/** "Add to Journal" a second time for the same plan (a reload, a second tab): one plan, one entry. */
const planAlreadyAdded = (entryId: string) =>
  new AppError(409, 'PLAN_ALREADY_IN_JOURNAL', 'This plan is already in your journal.', {
    title: 'Already Added',
    extensions: { entryId },
  });

/** A unique index refused the row (SQLSTATE 23505), looked for along Drizzle's cause chain. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Which statuses each action may start from (DECISIONS.md: PLANNED -> ACTIVE -> CLOSED, or CANCELLED). */
const TRANSITIONS = {
  activate: { from: ['PLANNED'], to: 'ACTIVE' },
  close: { from: ['ACTIVE'], to: 'CLOSED' },
  cancel: { from: ['PLANNED', 'ACTIVE'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly JournalStatus[]; to: JournalStatus }>;

const TRANSITION_HINTS: Record<keyof typeof TRANSITIONS, string> = {
  activate: 'Only a PLANNED trade can be activated',
  close: 'Only an ACTIVE trade can be closed; activate it first',
  cancel: 'Only a PLANNED or ACTIVE trade can be cancelled',
};

function invalidTransition(action: keyof typeof TRANSITIONS, status: string) {
  return new AppError(409, 'INVALID_TRANSITION', `${TRANSITION_HINTS[action]} (this trade is ${status}).`, {
    title: 'Not Possible Now',
    extensions: { currentStatus: status },
  });
}

const TRADE_FIELDS = [
  'symbol',
  'direction',
  'entry',
  'stopLoss',
  'takeProfit1',
  'takeProfit2',
  'accountSize',
  'riskPercentage',
] as const;

function journalFull(adding: number) {
  const max = JOURNAL_LIMITS.maxEntries.toLocaleString('en-US');
  return new AppError(
    409,
    'JOURNAL_FULL',
    adding > 0
      ? `Importing ${adding} trades would take your journal past ${max} entries. Export and delete old trades first, or import a smaller file.`
      : `Your journal has reached ${max} entries. Export and delete old trades to add new ones.`,
    { title: 'Journal Full' },
  );
}

export async function journalRoutes(app: FastifyInstance) {
  const db = app.db;
  // Uploads are parsed and turned into rows on a reader thread (statements/import-worker.ts).
  const importPool = createImportPool();
  app.addHook('onClose', () => importPool.close());

  /** The user's own entry, or 404: another user's id looks exactly like a missing one. */
  async function ownEntry(request: FastifyRequest): Promise<JournalEntryRow> {
    const user = currentUser(request);
    const { id } = request.params as { id: string };
    if (!UUID_PATTERN.test(id)) throw notFound();
    const [row] = await db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.id, id), eq(journalEntries.userId, user.id)));
    if (!row) throw notFound();
    return row;
  }

  /** A plan may only be linked to the trader's own analysis; any other id looks like a missing one. */
  async function ownAnalysis(userId: string, analysisId: string) {
    const [found] = await db
      .select({ id: analyses.id })
      .from(analyses)
      .where(and(eq(analyses.id, analysisId), eq(analyses.userId, userId)));
    // Another trader's analysis answers as if it did not exist.
    if (!found) {
      throw new AppError(404, 'ANALYSIS_NOT_FOUND', 'This analysis does not exist or was deleted.', {
        title: 'Analysis Not Found',
      });
    }
  }

  async function entryCount(userId: string, executor: Pick<typeof db, 'select'> = db): Promise<number> {
    const [row] = await executor
      .select({ n: count() })
      .from(journalEntries)
      .where(eq(journalEntries.userId, userId));
    return Number(row?.n ?? 0);
  }

  async function entryOfAnalysis(userId: string, analysisId: string): Promise<string | null> {
    const [row] = await db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, userId), eq(journalEntries.analysisId, analysisId)));
    return row?.id ?? null;
  }

  /**
   * Moves an entry to the action's status. The UPDATE is conditional on the current status, so
   * two tabs closing the same trade cannot both succeed; the loser gets the 409.
   */
  async function transition(
    request: FastifyRequest,
    action: keyof typeof TRANSITIONS,
    changes: (row: JournalEntryRow) => Partial<JournalEntryRow>,
  ): Promise<JournalEntry> {
    const row = await ownEntry(request);
    const rule = TRANSITIONS[action];
    if (!(rule.from as readonly string[]).includes(row.status)) throw invalidTransition(action, row.status);
    const [updated] = await db
      .update(journalEntries)
      .set({ ...changes(row), status: rule.to, updatedAt: app.now() })
      .where(
        and(
          eq(journalEntries.id, row.id),
          eq(journalEntries.userId, row.userId),
          inArray(journalEntries.status, [...rule.from]),
        ),
      )
      .returning();
    if (!updated) {
      const current = await ownEntry(request);
      throw invalidTransition(action, current.status);
    }
    return toJournalEntry(updated);
  }

  const guard = { preHandler: app.requireUser };

  app.get('/api/journal', guard, async (request): Promise<JournalList> => {
    const query = parseWith(journalListQuerySchema, request.query);
    const page = await pageOfEntries(db, currentUser(request).id, query, query.limit, query.cursor);
    return { entries: page.rows.map(toJournalEntry), nextCursor: page.nextCursor };
  });

  app.post('/api/journal', guard, async (request, reply) => {
    const user = currentUser(request);
    const body = parseWith(journalCreateBodySchema, request.body);
    // A soft bound: two creates at the same instant may both pass the count; the bound is
    // about size, not an exact quota.
    if ((await entryCount(user.id)) >= JOURNAL_LIMITS.maxEntries) throw journalFull(0);
    if (body.analysisId !== undefined) {
      await ownAnalysis(user.id, body.analysisId);
      const existing = await entryOfAnalysis(user.id, body.analysisId);
      if (existing) throw planAlreadyAdded(existing);
    }
    const insert = db
      .insert(journalEntries)
      .values({
        userId: user.id,
        createdAt: app.now(),
        updatedAt: app.now(),
        symbol: body.symbol,
        direction: body.direction,
        entry: body.entry,
        stopLoss: body.stopLoss,
        takeProfit1: body.takeProfit1,
        takeProfit2: body.takeProfit2 ?? null,
        accountSize: body.accountSize,
        riskPercentage: body.riskPercentage,
        ...sizingColumns(body),
        status: 'PLANNED',
        notes: body.notes ?? null,
        tags: body.tags,
        analysisId: body.analysisId ?? null,
      })
      .returning();
    let row: JournalEntryRow | undefined;
    try {
      [row] = await insert;
    } catch (error) {
      // Two clicks racing past the check above: the unique index keeps one.
      const existing =
        body.analysisId !== undefined && isUniqueViolation(error)
          ? await entryOfAnalysis(user.id, body.analysisId)
          : null;
      if (existing) throw planAlreadyAdded(existing);
      throw error;
    }
    return reply.code(201).send(toJournalEntry(row!));
  });

  app.get('/api/journal/stats', guard, async (request): Promise<JournalStats> => {
    const entries = await statsEntriesOf(db, currentUser(request).id);
    const statistics = journalStatistics(entries);
    await yieldToEventLoop();
    const breakdowns = journalBreakdowns(entries);
    const daily = dailyPnl(entries);
    await yieldToEventLoop();
    return {
      ...statistics,
      breakdowns,
      daily,
      weekly: weeklyPnl(daily),
      rDistribution: rDistribution(entries),
      plannedVsRealised: plannedVsRealised(entries),
    } as JournalStats;
  });

  app.get('/api/journal/export.csv', guard, async (request, reply) => {
    const userId = currentUser(request).id;
    const date = app.now().toISOString().slice(0, 10);
    // Written as it is read: the header, then each page of entries as CSV (list.ts
    // entriesInPages), so a 10,000-entry journal is never held whole. A database failure
    // part-way ends the download early (the status line is already sent); the browser reports
    // it as a failed download rather than saving a file that looks complete.
    async function* csv() {
      yield journalCsvHeader();
      for await (const rows of entriesInPages(db, userId)) {
        yield journalCsvLines(rows.map(toJournalEntry));
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="trading-journal-${date}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(csv(), { objectMode: false }));
  });

  // The import takes the export's CSV as the raw body (text/csv) or as {"csv": "..."} JSON.
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string' }, (_req, body, done) => {
    done(null, body);
  });

  // Statement uploads (issue 21) arrive as multipart; scoped to this module like analyze's.
  await app.register(multipart, { limits: STATEMENT_MULTIPART_LIMITS, throwFileSizeLimit: true });

  /**
   * Which analysis links of imported rows to keep (the CSV's analysisId column): one to an
   * analysis of this trader that no entry of theirs holds yet, once (one plan, one entry).
   * A file from another account, or an analysis deleted since the export, loses the link; the
   * trade itself is imported either way.
   */
  async function analysisLinks(
    executor: Pick<typeof db, 'select'>,
    userId: string,
    rows: readonly ImportedRow[],
  ): Promise<(analysisId: string | null) => string | null> {
    const wanted = [...new Set(rows.map((r) => r.analysisId).filter((a): a is string => !!a))];
    if (wanted.length === 0) return () => null;
    const own = await executor
      .select({ id: analyses.id })
      .from(analyses)
      .where(and(eq(analyses.userId, userId), inArray(analyses.id, wanted)));
    const held = await executor
      .select({ analysisId: journalEntries.analysisId })
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, userId), inArray(journalEntries.analysisId, wanted)));
    const free = new Set(own.map((a) => a.id));
    for (const h of held) if (h.analysisId) free.delete(h.analysisId);
    return (analysisId) => {
      if (analysisId === null || !free.has(analysisId)) return null;
      free.delete(analysisId);
      return analysisId;
    };
  }

  /**
   * The journal's own CSV, read by the worker: all-or-nothing, rows whose id is already in this
   * journal are left alone, an id of another journal's entry (a file shared between accounts)
   * gets a new one.
   */
  async function importCsv(userId: string, rows: ImportedRow[], dryRun: boolean) {
    return db.transaction(async (tx) => {
      const ids = rows.map((r) => r.id).filter((id): id is string => id !== undefined);
      const taken =
        ids.length === 0
          ? []
          : await tx
              .select({ id: journalEntries.id, userId: journalEntries.userId })
              .from(journalEntries)
              .where(inArray(journalEntries.id, ids));
      const mine = new Set(taken.filter((t) => t.userId === userId).map((t) => t.id));
      const others = new Set(taken.filter((t) => t.userId !== userId).map((t) => t.id));
      const seen = new Set<string>();
      const fresh = rows.filter((r) => {
        if (r.id === undefined) return true;
        if (mine.has(r.id) || seen.has(r.id)) return false;
        seen.add(r.id);
        return true;
      });
      if (dryRun) return csvPreview(rows.length, fresh.length);
      const now = app.now();
      const keepLink = await analysisLinks(tx, userId, fresh);
      // Every row gets an id here (the file's own, else a new one), so all rows have the same
      // columns, as the one-parameter INSERT needs.
      const values = fresh.map(({ id, ...r }) => ({
        id: id !== undefined && !others.has(id) ? id : randomUUID(),
        userId,
        updatedAt: now,
        ...r,
        analysisId: keepLink(r.analysisId ?? null),
      }));
      const room = JOURNAL_LIMITS.maxEntries - (await entryCount(userId, tx));
      if (values.length > room) throw journalFull(values.length);
      let imported = 0;
      for (let i = 0; i < values.length; i += ROWS_PER_INSERT) {
        const result = await tx.execute(insertJournalRowsSql(values.slice(i, i + ROWS_PER_INSERT)));
        imported += Array.isArray(result) ? result.length : (result as { rows: unknown[] }).rows.length;
        // Between batches other requests get their turn.
        await yieldToEventLoop();
      }
      return { imported, skipped: rows.length - imported };
    });
  }

  app.post(
    '/api/journal/import',
    { ...guard, bodyLimit: JOURNAL_IMPORT_MAX_BYTES },
    async (request, reply): Promise<JournalImportResult | JournalImportPreview | string> => {
      const user = currentUser(request);
      const dryRun = isDryRun(request.query);
      const task = { userId: user.id, now: app.now().toISOString(), withPreview: dryRun };
      if (request.isMultipart()) {
        const upload = await readStatementUpload(request);
        const fields = parseWith(journalStatementFieldsSchema, upload.fields);
        const plan = await importPool.read({
          ...task,
          bytes: new Uint8Array(upload.file.buffer, upload.file.byteOffset, upload.file.byteLength),
          utcOffsetMinutes: fields.utcOffsetHours * 60,
          accountSize: fields.accountSize,
        });
        if (plan.kind === 'journal-csv') return importCsv(user.id, plan.rows, dryRun);
        const outcome = await importStatement(app, user.id, plan, dryRun, {
          room: async (tx) => JOURNAL_LIMITS.maxEntries - (await entryCount(user.id, tx)),
          full: journalFull,
        });
        if ('json' in outcome) return reply.type('application/json; charset=utf-8').send(outcome.json);
        return outcome;
      }
      const body = request.body;
      const text =
        typeof body === 'string'
          ? body
          : body && typeof body === 'object' && typeof (body as { csv?: unknown }).csv === 'string'
            ? (body as { csv: string }).csv
            : undefined;
      if (text === undefined) {
        throw new AppError(
          400,
          'CSV_REQUIRED',
          'Send the journal CSV file (as exported), or a broker statement as the multipart field "file", to import it.',
        );
      }
      const plan = await importPool.read({ ...task, journalCsv: text });
      if (plan.kind !== 'journal-csv') throw new Error('a journal CSV body read as a statement');
      return importCsv(user.id, plan.rows, dryRun);
    },
  );

  app.get('/api/journal/:id', guard, async (request): Promise<JournalEntry> => {
    return toJournalEntry(await ownEntry(request));
  });

  app.patch('/api/journal/:id', guard, async (request): Promise<JournalEntry> => {
    const row = await ownEntry(request);
    const body = parseWith(journalUpdateBodySchema, request.body);
    const changesTrade = TRADE_FIELDS.some((f) => body[f] !== undefined);
    const set: Partial<JournalEntryRow> = { updatedAt: app.now() };
    if (body.notes !== undefined) set.notes = body.notes ?? null;
    if (body.tags !== undefined) set.tags = body.tags;
    if (body.exitPrice !== undefined || body.fees !== undefined) {
      Object.assign(set, correctedClose(row, body.exitPrice, body.fees));
    }
    if (changesTrade) {
      if (row.status !== 'PLANNED') {
        throw new AppError(
          409,
          'TRADE_LOCKED',
          `The prices and size of a ${row.status} trade are its record and cannot change; notes and tags can.`,
          { title: 'Not Possible Now' },
        );
      }
      // Merge, then check the whole trade again: the side rules span several fields.
      const merged = parseWith(journalCreateBodySchema, {
        symbol: body.symbol ?? row.symbol,
        direction: body.direction ?? row.direction,
        entry: body.entry ?? row.entry,
        stopLoss: body.stopLoss ?? row.stopLoss,
        takeProfit1: body.takeProfit1 ?? row.takeProfit1,
        takeProfit2:
          body.takeProfit2 === null ? undefined : (body.takeProfit2 ?? row.takeProfit2 ?? undefined),
        accountSize: body.accountSize ?? row.accountSize,
        riskPercentage: body.riskPercentage ?? row.riskPercentage,
      });
      Object.assign(set, {
        symbol: merged.symbol,
        direction: merged.direction,
        entry: merged.entry,
        stopLoss: merged.stopLoss,
        takeProfit1: merged.takeProfit1,
        takeProfit2: merged.takeProfit2 ?? null,
        accountSize: merged.accountSize,
        riskPercentage: merged.riskPercentage,
        ...sizingColumns(merged),
      });
    }
    const [updated] = await db
      .update(journalEntries)
      .set(set)
      .where(and(eq(journalEntries.id, row.id), eq(journalEntries.userId, row.userId)))
      .returning();
    if (!updated) throw notFound();
    return toJournalEntry(updated);
  });

  /**
   * A CLOSED trade's exit and fees corrected (issue 20): the result is settled again from the
   * stored size, as closing does, and the fees come off the USD result (not the R, which
   * measures the price move against the planned risk). Imported trades keep the statement's
   * figures: the statement is their record.
   */
  function correctedClose(
    row: JournalEntryRow,
    exitPrice: number | undefined,
    fees: number | undefined,
  ): Partial<JournalEntryRow> {
    if (row.status !== 'CLOSED' || row.source !== null || row.stopLoss === null) {
      throw new AppError(
        409,
        'TRADE_NOT_CLOSED',
        row.source !== null
          ? 'The exit and fees of an imported trade come from the broker statement and cannot change here.'
          : `Only a CLOSED trade's exit price and fees can be corrected (this trade is ${row.status}).`,
        { title: 'Not Possible Now' },
      );
    }
    const exit = exitPrice ?? row.exitPrice!;
    const newFees = fees === undefined ? row.fees : fees;
    const result = realisedResult(
      {
        symbol: row.symbol,
        direction: row.direction as 'LONG' | 'SHORT',
        entry: row.entry,
        stopLoss: row.stopLoss,
        units: row.units,
      },
      exit,
    );
    return {
      exitPrice: exit,
      fees: newFees,
      pnlUsd: result.pnlUsd - (newFees ?? 0),
      rMultiple: result.rMultiple,
    };
  }

  app.delete('/api/journal/:id', guard, async (request, reply) => {
    const row = await ownEntry(request);
    await db
      .delete(journalEntries)
      .where(and(eq(journalEntries.id, row.id), eq(journalEntries.userId, row.userId)));
    return reply.code(204).send();
  });

  app.post('/api/journal/:id/activate', guard, async (request) =>
    transition(request, 'activate', () => ({ activatedAt: app.now() })),
  );

  app.post('/api/journal/:id/close', guard, async (request) => {
    const { exitPrice } = parseWith(journalCloseBodySchema, request.body);
    return transition(request, 'close', (row) => {
      // Only imported trades lack a stop, and they arrive CLOSED; an ACTIVE trade always has one.
      if (row.stopLoss === null) throw invalidTransition('close', row.status);
      const result = realisedResult(
        {
          symbol: row.symbol,
          direction: row.direction as 'LONG' | 'SHORT',
          entry: row.entry,
          stopLoss: row.stopLoss,
          units: row.units,
        },
        exitPrice,
      );
      return { exitPrice, closedAt: app.now(), pnlUsd: result.pnlUsd, rMultiple: result.rMultiple };
    });
  });

  app.post('/api/journal/:id/cancel', guard, async (request) =>
    transition(request, 'cancel', () => ({ cancelledAt: app.now() })),
  );
}
