import { describe, expect, it } from 'vitest';
import { READ_CONFIDENCE_GOOD } from '../engine/plan/weights';
import { silentMisreads } from './score';

describe('silentMisreads', () => {
  const chart = (found: number, exact: number, confidence: number | null) => ({
    id: 'set',
    tf: '15m',
    found,
    exact,
    confidence,
  });

  it('names a chart read at full confidence with most candles wrong', () => {
    const wrong = chart(100, 20, READ_CONFIDENCE_GOOD);
    expect(silentMisreads([wrong])).toEqual([wrong]);
  });

  it('leaves out readings that said they were doubtful, refusals and mostly exact readings', () => {
    expect(
      silentMisreads([
        chart(100, 20, READ_CONFIDENCE_GOOD - 0.01),
        chart(0, 0, null),
        chart(0, 0, 0.9),
        chart(100, 50, 0.95),
      ]),
    ).toEqual([]);
  });
});
