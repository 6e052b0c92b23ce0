import { describe, expect, it } from 'vitest';
import { describeDifference } from './readings';
import { goldenCases, goldenText, runGoldenCase, share, staleGoldenFiles } from './golden';

// Only committed files: every clone runs all of these (no ../shared, no generated corpus).
const cases = goldenCases();
const UPDATE_HINT = 'If the change is deliberate: `npm run golden -- --update`, and review the diff.';

describe('golden readings of the committed screenshots (fixtures/golden)', () => {
  it('covers every committed screenshot and nothing else', () => {
    // 13 fixtures/charts sets and the 3 x 3 dashboard charts of e2e/fixtures/charts.
    expect(cases.length).toBeGreaterThanOrEqual(22);
    expect(cases.filter((c) => c.truth).length).toBeGreaterThanOrEqual(13);
    expect(staleGoldenFiles(cases), `golden files without a screenshot. ${UPDATE_HINT}`).toEqual([]);
  });

  for (const c of cases)
    it(`${c.image} reads exactly as ${c.golden} says`, async () => {
      const r = await runGoldenCase(c);
      if (r.stored === null) expect.fail(`${c.golden} is missing. ${UPDATE_HINT}`);
      if (r.difference)
        expect.fail(
          `${c.image} no longer reads as ${c.golden} (golden -> now): ${describeDifference(r.difference)}. ${UPDATE_HINT}`,
        );
      // Byte for byte, floor and layout included (no hand edits).
      expect(r.storedText, `${c.golden} is not what \`npm run golden -- --update\` writes`).toBe(
        goldenText(c, r.outcome, r.stored.exactFloor),
      );
      if (c.truth) {
        const floor = r.stored.exactFloor;
        if (!floor || !r.exact) expect.fail(`${c.golden} has no EXACT floor although the image has truth`);
        expect(r.exact.truth, `${c.image}: the truth changed under the golden`).toBe(floor.truth);
        if (r.exact.exact < floor.exact)
          expect.fail(`${c.image}: EXACT ${share(r.exact)} is below its floor ${share(floor)}`);
      }
    }, 60_000);
});
