import { and, desc, eq } from 'drizzle-orm';
import type {
  AnalysisResultDto,
  AnalysisSummaryDto,
  ChartSlot,
  StoredAnalysisDto,
} from '../../../contracts/analysis';
import type { Db } from '../../db/database';
import { analyses } from '../../db/schema';
import { completeStoredResult } from './stored-result';

/** How many past analyses the history list shows. */
export const HISTORY_LIMIT = 50;

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
      accountSize: input.accountSize,
      riskPercentage: input.riskPercentage,
      result,
      thumb5m: input.thumbnails['5m'].toString('base64'),
      thumb15m: input.thumbnails['15m'].toString('base64'),
      thumb4h: input.thumbnails['4h'].toString('base64'),
    })
    .returning({ id: analyses.id, createdAt: analyses.createdAt });
  if (!row) throw new Error('analysis insert returned no row');
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    accountSize: input.accountSize,
    riskPercentage: input.riskPercentage,
    result,
  };
}

export async function listAnalyses(db: Db, userId: string): Promise<AnalysisSummaryDto[]> {
  const rows = await db
    .select({
      id: analyses.id,
      createdAt: analyses.createdAt,
      symbol: analyses.symbol,
      direction: analyses.direction,
      confidence: analyses.confidence,
      tradeRecommended: analyses.tradeRecommended,
    })
    .from(analyses)
    .where(eq(analyses.userId, userId))
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
  return { ...row, createdAt: row.createdAt.toISOString(), result: completeStoredResult(row.result) };
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
