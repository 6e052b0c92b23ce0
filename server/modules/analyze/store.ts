import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type {
  AnalysisResultDto,
  AnalysisSummaryDto,
  ChartSlot,
  StoredAnalysisDto,
} from '../../../contracts/analysis';
import type { Db } from '../../db/database';
import { analyses, journalEntries } from '../../db/schema';
import { completeStoredResult } from './stored-result';

/** How many past analyses the history list shows. */
export const HISTORY_LIMIT = 50;

/**
 * Analyses kept per user; saving one more prunes the oldest, images and all (they are in the
 * row). Each keeps three ~1280 px WebP images, 20-120 KB each (22-24 KB measured for the
 * 1600 px e2e fixture charts), so a user holds at most about 200 x 0.36 MB = 72 MB: a bound a
 * trader analysing a few charts a day reaches only after months (issue 20).
 */
export const MAX_STORED_ANALYSES = 200;

export interface NewAnalysis {
  userId: string;
  accountSize: number;
  riskPercentage: number;
  result: AnalysisResultDto;
  thumbnails: Record<ChartSlot, Buffer>;
}

export async function saveAnalysis(db: Db, input: NewAnalysis): Promise<StoredAnalysisDto> {
  const { result } = input;
  const [row] = await db
    .insert(analyses)
    .values({
      userId: input.userId,
      symbol: result.symbol,
      direction: result.tradePlan?.direction ?? null,
      confidence: Math.round(result.confidence.score),
      tradeRecommended: result.tradePlan !== null,
      watch: result.tradePlan === null && result.setupToWatch !== null,
      accountSize: input.accountSize,
      riskPercentage: input.riskPercentage,
      result,
      thumb5m: input.thumbnails['5m'].toString('base64'),
      thumb15m: input.thumbnails['15m'].toString('base64'),
      thumb4h: input.thumbnails['4h'].toString('base64'),
    })
    .returning({ id: analyses.id, createdAt: analyses.createdAt });
  if (!row) throw new Error('analysis insert returned no row');
  await pruneAnalyses(db, input.userId, MAX_STORED_ANALYSES);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    accountSize: input.accountSize,
    riskPercentage: input.riskPercentage,
    result,
    journalEntryId: null,
  };
}

/** Deletes the user's analyses beyond the newest `keep` (their images go with the rows). */
export async function pruneAnalyses(db: Db, userId: string, keep: number): Promise<number> {
  const beyond = db
    .select({ id: analyses.id })
    .from(analyses)
    .where(eq(analyses.userId, userId))
    .orderBy(desc(analyses.createdAt), desc(analyses.id))
    .offset(keep);
  const gone = await db
    .delete(analyses)
    .where(and(eq(analyses.userId, userId), inArray(analyses.id, beyond)))
    .returning({ id: analyses.id });
  return gone.length;
}

/** Deletes one of the user's analyses; false when it is not theirs (or does not exist). */
export async function deleteAnalysis(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(analyses)
    .where(and(eq(analyses.id, id), eq(analyses.userId, userId)))
    .returning({ id: analyses.id });
  return gone.length > 0;
}

/** The pairs the user has analyses of, for the history filter. */
export async function analysedSymbols(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ symbol: analyses.symbol })
    .from(analyses)
    .where(eq(analyses.userId, userId))
    .orderBy(asc(analyses.symbol));
  return rows.map((r) => r.symbol);
}

export async function listAnalyses(db: Db, userId: string, symbol?: string): Promise<AnalysisSummaryDto[]> {
  const rows = await db
    .select({
      id: analyses.id,
      createdAt: analyses.createdAt,
      symbol: analyses.symbol,
      direction: analyses.direction,
      confidence: analyses.confidence,
      tradeRecommended: analyses.tradeRecommended,
      watch: analyses.watch,
    })
    .from(analyses)
    .where(and(eq(analyses.userId, userId), symbol ? eq(analyses.symbol, symbol) : undefined))
    .orderBy(desc(analyses.createdAt), desc(analyses.id))
    .limit(HISTORY_LIMIT);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    direction: row.direction === 'LONG' || row.direction === 'SHORT' ? row.direction : null,
  }));
}

export async function findAnalysis(db: Db, userId: string, id: string): Promise<StoredAnalysisDto | null> {
  const [row] = await db
    .select({
      id: analyses.id,
      createdAt: analyses.createdAt,
      accountSize: analyses.accountSize,
      riskPercentage: analyses.riskPercentage,
      result: analyses.result,
    })
    .from(analyses)
    .where(and(eq(analyses.id, id), eq(analyses.userId, userId)));
  if (!row) return null;
  const [entry] = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.analysisId, id)));
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    result: completeStoredResult(row.result),
    journalEntryId: entry?.id ?? null,
  };
}

const THUMB_COLUMNS = { '5m': analyses.thumb5m, '15m': analyses.thumb15m, '4h': analyses.thumb4h } as const;

export async function findThumbnail(
  db: Db,
  userId: string,
  id: string,
  slot: ChartSlot,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: THUMB_COLUMNS[slot] })
    .from(analyses)
    .where(and(eq(analyses.id, id), eq(analyses.userId, userId)));
  return row ? Buffer.from(row.data, 'base64') : null;
}
