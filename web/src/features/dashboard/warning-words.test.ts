import { warningWords } from './warning-words';

describe('warnings in a trader’s words (issue 20)', () => {
  it('says what a badge warning means and keeps the pixels for the details', () => {
    expect(
      warningWords('4h chart: The price badge 7329 does not sit where the axis puts that price.'),
    ).toEqual({
      chart: '4h chart',
      summary: 'The price tag at the axis does not match the scale: check the reading.',
      detail: 'The price badge 7329 does not sit where the axis puts that price.',
    });
  });

  it('words candle shares and continuity for a trader', () => {
    const left = warningWords(
      '5m chart: 1 of 165 candles were left out: each opens away from the previous close and closes away from the next open, so they were misread.',
    );
    expect(left.summary).toBe('1 candle looked misread and was left out of the analysis.');
    expect(left.detail).toMatch(/^1 of 165/);
    const joined = warningWords(
      '15m chart: Only 62 % of the candles read open where the previous one closed; some candles may be misread.',
    );
    expect(joined.summary).toMatch(/^Some candles may be misread/);
    expect(joined.detail).toMatch(/62 %/);
    const gaps = warningWords(
      'Only 44 % of the candles read open where the previous one closed, but most open a small gap away from it, as a market that gaps between sessions does (a daily index or stock chart); the timeframe could not be read to confirm it, so some candles may be misread.',
    );
    expect(gaps.summary).toMatch(/^The candles open a little away from the last close/);
  });

  it('shows the plan’s own warnings as they are', () => {
    const plain =
      'The 5m and 15m slots both hold 15m charts, so the plan has one timeframe fewer to confirm it.';
    expect(warningWords(plain)).toEqual({ chart: null, summary: plain, detail: null });
  });
});
