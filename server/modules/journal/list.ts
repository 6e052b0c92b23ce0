import { and, asc, desc, eq, gt, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JournalListParams, JournalSortKey } from '../../../contracts/journal';
import { BREAKEVEN_R_THRESHOLD, BREAKEVEN_USD } from '../../../engine/journal';
import { journalEntries } from '../../db/schema';
import { AppError } from '../../http/errors';
import { yieldToEventLoop } from './csv';
import { UUID_PATTERN } from './entries';

/**
 * GET /api/journal a page at a time, sorted and filtered on the server (the table view, issue
 * 21), so a sort by P/L over 10,000 trades is right on the first page, not just over what the
 * browser has loaded. Keyset pagination: the cursor holds the last row's sort value, log time
 * and id, so inserts never shift a page and no OFFSET scan grows with the journal.
 */

type Query = Pick<
  JournalListParams,
  'sort' | 'order' | 'symbol' | 'direction' | 'outcome' | 'tag' | 'closedOn'
>;

/**
 * Trades without an R (or without a result) sort after every trade that has one, whichever the
 * order: the sort value stands in for the missing number with one past any stored value.
 */
const MISSING_LAST = 1e15;

function sortValue(sort: JournalSortKey, order: 'asc' | 'desc'): SQL | null {
  const missing = order === 'asc' ? MISSING_LAST : -MISSING_LAST;
  if (sort === 'symbol') return sql`${journalEntries.symbol}`;
  if (sort === 'r') return sql`coalesce(${journalEntries.rMultiple}, ${missing})`;
  if (sort === 'pnl') return sql`coalesce(${journalEntries.pnlUsd}, ${missing})`;
  return null; // date: the log time itself
}

interface Cursor {
  value: string | number | null;
  createdAt: Date;
  id: string;
}

const invalidCursor = () =>
  new AppError(
    400,
    'INVALID_CURSOR',
    'This page link is not valid (it may be from an old version of the page). Reload the journal.',
  );

export function encodeCursor(
  query: Pick<Query, 'sort' | 'order'>,
  row: { createdAt: Date; id: string; value: string | number | null },
): string {
  const text = JSON.stringify({
    s: query.sort,
    o: query.order,
    v: row.value,
    c: row.createdAt.toISOString(),
    i: row.id,
  });
  return Buffer.from(text).toString('base64url');
}

export function decodeCursor(query: Pick<Query, 'sort' | 'order'>, cursor: string): Cursor {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  let parsed: { s?: unknown; o?: unknown; v?: unknown; c?: unknown; i?: unknown };
  if (!text.startsWith('{')) {
    // The first version's cursor ("<iso>|<id>"), newest first by log time.
    const [c = '', i = ''] = text.split('|');
    parsed = { s: 'date', o: 'desc', v: null, c, i };
  } else {
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw invalidCursor();
    }
  }
  const createdAt = new Date(typeof parsed.c === 'string' ? parsed.c : '');
  const value = parsed.v;
  if (
    parsed.s !== query.sort ||
    parsed.o !== query.order ||
    Number.isNaN(createdAt.getTime()) ||
    typeof parsed.i !== 'string' ||
    !UUID_PATTERN.test(parsed.i) ||
    !(value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
  ) {
    throw invalidCursor();
  }
  return { value, createdAt, id: parsed.i };
}

/** The filters as SQL conditions; outcomes follow engine/journal outcomeOf exactly. */
export function filterConditions(userId: string, q: Query): (SQL | undefined)[] {
  const t = journalEntries;
  const conditions: (SQL | undefined)[] = [eq(t.userId, userId)];
  if (q.symbol) conditions.push(eq(t.symbol, q.symbol));
  if (q.direction) conditions.push(eq(t.direction, q.direction));
  if (q.tag) conditions.push(sql`${t.tags} @> ${JSON.stringify([q.tag])}::jsonb`);
  if (q.closedOn) {
    const from = new Date(`${q.closedOn}T00:00:00.000Z`);
    conditions.push(gte(t.closedAt, from), lt(t.closedAt, new Date(from.getTime() + 86_400_000)));
  }
  if (q.outcome === 'open') conditions.push(ne(t.status, 'CLOSED'));
  else if (q.outcome) {
    const closed = and(eq(t.status, 'CLOSED'), sql`${t.pnlUsd} is not null`);
    const byR =
      q.outcome === 'win'
        ? sql`${t.rMultiple} > ${BREAKEVEN_R_THRESHOLD}`
        : q.outcome === 'loss'
          ? sql`${t.rMultiple} < ${-BREAKEVEN_R_THRESHOLD}`
          : sql`abs(${t.rMultiple}) <= ${BREAKEVEN_R_THRESHOLD}`;
    const byMoney =
      q.outcome === 'win'
        ? sql`${t.pnlUsd} >= ${BREAKEVEN_USD}`
        : q.outcome === 'loss'
          ? sql`${t.pnlUsd} <= ${-BREAKEVEN_USD}`
          : sql`abs(${t.pnlUsd}) < ${BREAKEVEN_USD}`;
    conditions.push(
      closed,
      or(and(sql`${t.rMultiple} is not null`, byR), and(sql`${t.rMultiple} is null`, byMoney)),
    );
  }
  return conditions;
}

/** One page of the trader's entries in the query's order, with the cursor of the next. */
export async function pageOfEntries(
  db: FastifyInstance['db'],
  userId: string,
  q: Query,
  limit: number,
  cursorText: string | undefined,
) {
  const t = journalEntries;
  const value = sortValue(q.sort, q.order);
  const dir = q.order === 'asc' ? asc : desc;
  const cursor = cursorText === undefined ? undefined : decodeCursor(q, cursorText);
  const conditions = filterConditions(userId, q);
  if (cursor) {
    // Ties on the sort value fall back to the newest log time first, then the id.
    const older = or(
      lt(t.createdAt, cursor.createdAt),
      and(eq(t.createdAt, cursor.createdAt), lt(t.id, cursor.id)),
    );
    if (value === null) {
      conditions.push(
        q.order === 'asc'
          ? or(gt(t.createdAt, cursor.createdAt), and(eq(t.createdAt, cursor.createdAt), gt(t.id, cursor.id)))
          : older,
      );
    } else {
      const after = q.order === 'asc' ? sql`${value} > ${cursor.value}` : sql`${value} < ${cursor.value}`;
      conditions.push(or(after, and(sql`${value} = ${cursor.value}`, older)));
    }
  }
  const order = value === null ? [dir(t.createdAt), dir(t.id)] : [dir(value), desc(t.createdAt), desc(t.id)];
  const rows = await db
    .select({ row: t, value: value ?? sql<null>`null` })
    .from(t)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => r.row),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor(q, {
            createdAt: last.row.createdAt,
            id: last.row.id,
            value: last.value === null ? null : q.sort === 'symbol' ? String(last.value) : Number(last.value),
          })
        : null,
  };
}

/**
 * Rows per read of the statistics: each read holds PGlite's (single, own) thread for
 * milliseconds, and turning its answer into entries holds the event loop for about as long.
 */
const STATS_CHUNK = 500;

/**
 * Every entry of a trader with just the columns the statistics read, in chunks that yield to
 * the event loop between them: one SELECT of 10,000 whole rows held the event loop (and
 * /healthz) for up to 2 s on a loaded machine, when PGlite still ran on it; the rows' mapping
 * still runs here.
 */
export async function statsEntriesOf(db: FastifyInstance['db'], userId: string) {
  const t = journalEntries;
  const columns = {
    id: t.id,
    createdAt: t.createdAt,
    symbol: t.symbol,
    direction: t.direction,
    status: t.status,
    accountSize: t.accountSize,
    plannedRiskReward: t.plannedRiskReward,
    closedAt: t.closedAt,
    activatedAt: t.activatedAt,
    pnlUsd: t.pnlUsd,
    rMultiple: t.rMultiple,
    source: t.source,
    tags: t.tags,
    analysisId: t.analysisId,
  };
  const out = [];
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(t)
      .where(
        and(
          eq(t.userId, userId),
          after
            ? or(gt(t.createdAt, after.createdAt), and(eq(t.createdAt, after.createdAt), gt(t.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(t.createdAt), asc(t.id))
      .limit(STATS_CHUNK);
    for (const r of rows) {
      out.push({
        id: r.id,
        timestamp: r.createdAt.toISOString(),
        symbol: r.symbol,
        direction: r.direction as 'LONG' | 'SHORT',
        status: r.status as 'PLANNED' | 'ACTIVE' | 'CLOSED' | 'CANCELLED',
        accountSize: r.accountSize,
        plannedRiskReward: r.plannedRiskReward,
        closedAt: r.closedAt ? r.closedAt.toISOString() : null,
        activatedAt: r.activatedAt ? r.activatedAt.toISOString() : null,
        // As toJournalEntry: a hand-logged trade has a result once it has an R.
        result:
          r.pnlUsd !== null && (r.rMultiple !== null || r.source !== null)
            ? { pnlUsd: r.pnlUsd, rMultiple: r.rMultiple }
            : null,
        tags: r.tags,
        analysisId: r.analysisId,
      });
    }
    await yieldToEventLoop();
    const last = rows[rows.length - 1];
    if (rows.length < STATS_CHUNK || !last) return out;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * Rows per read of the CSV export: one page is a few hundred kilobytes of CSV, turned into text
 * and written out before the next is read, so neither the event loop nor the memory holds a
 * whole 10,000-entry journal at once.
 */
const EXPORT_PAGE = 500;

/**
 * Every entry of one trader, newest first (log time, then id), a bounded page at a time by
 * keyset: the page after (createdAt, id) of the last row read, so rows inserted meanwhile never
 * shift a page and no OFFSET scan grows with the journal. Always filtered by the trader's id.
 */
export async function* entriesInPages(db: FastifyInstance['db'], userId: string) {
  const t = journalEntries;
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(t)
      .where(
        and(
          eq(t.userId, userId),
          after
            ? or(lt(t.createdAt, after.createdAt), and(eq(t.createdAt, after.createdAt), lt(t.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(EXPORT_PAGE);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_PAGE || !last) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
