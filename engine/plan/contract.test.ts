import { analysisResultSchema, analyzeFieldsSchema, type AnalysisResultDto } from '../../contracts/analysis';
import { buildPlan } from './build-plan';
import { scenario } from './test-support/scenario';
import type { AnalysisResult } from './types';

// Compile-time proof that the engine's result type and the HTTP schema are the same shape
// (readonly-ness aside): if a field is added, renamed or retyped on one side only, this file
// stops compiling.
type DeepMutable<T> = T extends (infer U)[]
  ? DeepMutable<U>[]
  : T extends readonly (infer U)[]
    ? DeepMutable<U>[]
    : T extends object
      ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
      : T;
type Equals<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
const sameShape: Equals<DeepMutable<AnalysisResult>, DeepMutable<AnalysisResultDto>> = true;

describe('contracts/analysis.ts', () => {
  it('describes exactly what buildPlan returns (parsing drops and changes nothing)', () => {
    expect(sameShape).toBe(true);
    let withPlan = 0;
    let withWatch = 0;
    for (let seed = 1; seed <= 12; seed++) {
      for (const drift of [1, -1] as const) {
        const s = scenario({ seed, drift });
        const result = buildPlan({ ...s, account: 10_000, riskPercent: 2 });
        const wire = JSON.parse(JSON.stringify(result)) as unknown;
        const parsed = analysisResultSchema.parse(wire);
        expect(parsed).toEqual(wire);
        if (result.tradePlan) withPlan++;
        if (result.setupToWatch) withWatch++;
      }
    }
    // The check above must have covered results with a trade plan and with a setup to watch
    // too, not only a bare "no trade".
    expect(withPlan).toBeGreaterThan(0);
    expect(withWatch).toBeGreaterThan(0);
  });

  it('rejects a result with a missing field', () => {
    const s = scenario({ seed: 3, drift: 1 });
    const wire = JSON.parse(JSON.stringify(buildPlan({ ...s, account: 10_000, riskPercent: 2 }))) as Record<
      string,
      unknown
    >;
    delete wire.keyLevels;
    expect(analysisResultSchema.safeParse(wire).success).toBe(false);
  });
});

describe('contracts/analysis.ts request fields', () => {
  const messages = (input: unknown) => {
    const r = analyzeFieldsSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('accepts the multipart text fields as numbers', () => {
    expect(analyzeFieldsSchema.parse({ accountSize: '10000', riskPercentage: '2' })).toEqual({
      accountSize: 10_000,
      riskPercentage: 2,
    });
  });

  it('says a blank or missing field is required, and holds the risk to its 0.1 step', () => {
    expect(messages({ accountSize: '', riskPercentage: '2' })).toEqual(['Account size is required']);
    expect(messages({ accountSize: '  ', riskPercentage: undefined })).toEqual([
      'Account size is required',
      'Risk percentage is required',
    ]);
    expect(messages({ accountSize: 'abc', riskPercentage: '2' })).toEqual([
      'Account size must be at least $100',
    ]);
    expect(messages({ accountSize: '500', riskPercentage: '1.25' })).toEqual([
      'Risk goes in steps of 0.1% (for example 1.5%)',
    ]);
    for (const risk of ['0.1', '0.3', '1.5', '2.7', '10'])
      expect(messages({ accountSize: '500', riskPercentage: risk })).toEqual([]);
  });

  it("uses SPEC.md's messages for out-of-range values", () => {
    expect(messages({ accountSize: '50', riskPercentage: '2' })).toEqual([
      'Account size must be at least $100',
    ]);
    expect(messages({ accountSize: 500, riskPercentage: 0.05 })).toEqual(['Risk must be at least 0.1%']);
    expect(messages({ accountSize: 500, riskPercentage: 11 })).toEqual(['Risk cannot exceed 10%']);
    expect(messages({ accountSize: 'lots', riskPercentage: 2 })).toEqual([
      'Account size must be at least $100',
    ]);
  });
});
