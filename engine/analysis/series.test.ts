import fc from 'fast-check';
import { RangeExtremes } from './series';

describe('RangeExtremes.firstCrossing', () => {
  it('finds the same bar as a plain forward scan', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 3000 }),
        fc.nat(),
        fc.integer({ min: -10, max: 1010 }),
        fc.boolean(),
        (raw, fromSeed, x, strict) => {
          const values = Float64Array.from(raw);
          const from = fromSeed % (values.length + 1);
          for (const mode of ['min', 'max'] as const) {
            const hit = (v: number) => (mode === 'min' ? (strict ? v < x : v <= x) : strict ? v > x : v >= x);
            let expected: number | null = null;
            for (let j = from; j < values.length; j++) {
              if (hit(values[j]!)) {
                expected = j;
                break;
              }
            }
            expect(new RangeExtremes(values, mode).firstCrossing(from, x, strict)).toBe(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
