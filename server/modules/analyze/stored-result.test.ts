import { describe, expect, it } from 'vitest';
import { analysisResultSchema } from '../../../contracts/analysis';
import { buildPlan } from '../../../engine/plan/build-plan';
import { scenario } from '../../../engine/plan/test-support/scenario';
import { completeStoredResult } from './stored-result';

/** A result as stored before issue 18: without the fields added then. */
function beforeIssue18(seed: number) {
  const s = scenario({ seed, drift: 1 });
  const result = JSON.parse(JSON.stringify(buildPlan({ ...s, account: 10_000, riskPercent: 1 }))) as Record<
    string,
    unknown
  >;
  const old = { ...result, confidence: { ...(result.confidence as object) } } as Record<string, unknown>;
  delete old.currentPrice;
  delete old.setupToWatch;
  delete (old.confidence as Record<string, unknown>).bucket;
  if (old.tradePlan) {
    old.tradePlan = { ...(old.tradePlan as object) };
    delete (old.tradePlan as Record<string, unknown>).targetNotes;
  }
  return { result, old };
}

describe('analyses stored before issue 18', () => {
  it('are completed on read into a valid result, with the current price their own 5m chart closed at', () => {
    for (const seed of [3, 9]) {
      const { result, old } = beforeIssue18(seed);
      expect(analysisResultSchema.safeParse(old).success).toBe(false);
      const done = completeStoredResult(old);
      expect(analysisResultSchema.parse(done)).toEqual(done);
      expect(done.currentPrice).toEqual(result.currentPrice);
      expect(done.setupToWatch).toBeNull();
      expect(done.confidence.bucket).toBe((result.confidence as { bucket: string }).bucket);
    }
  });

  it('leaves a current result as it is', () => {
    const { result } = beforeIssue18(9);
    expect(completeStoredResult(result)).toEqual(result);
  });
});
