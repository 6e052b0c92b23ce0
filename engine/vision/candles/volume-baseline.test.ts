import { volumeBaseline } from './extract';
import { box } from '../test-support/components';

// A volume histogram's bars stand on one row near the plot's bottom; candles share no bottom row.

describe('volumeBaseline', () => {
  const ph = 900;
  // 60 bars standing on the plot's last row, 80 candles above them at varied lows.
  const bars = Array.from({ length: 60 }, (_, i) => box(i * 9, i * 9 + 6, ph - 40 - (i % 30), ph - 1));
  const candles = Array.from({ length: 80 }, (_, i) =>
    box(i * 9 + 3, i * 9 + 3, 200 + (i % 50), 300 + ((i * 7) % 300)),
  );

  it('finds the row the bars stand on', () => {
    expect(volumeBaseline([...bars, ...candles], ph)).toBe(ph - 1);
  });

  it('finds it under dense bars broken into specks, counted against the shapes in the lower part only', () => {
    // MetaTrader's OHLC bars on JPEG: their 2-row ticks break into pieces of a few pixels (m155-003
    // 15m: the histogram's 89 bars stood under 22 % of all 399 shapes of 4 px or more).
    const specks = Array.from({ length: 200 }, (_, i) =>
      box(i * 4, i * 4 + 2, 150 + (i % 300), 151 + (i % 300)),
    );
    expect([...bars, ...candles, ...specks].length * 0.25).toBeGreaterThan(bars.length);
    expect(volumeBaseline([...bars, ...candles, ...specks], ph)).toBe(ph - 1);
  });

  it("finds none under candles the plot's bottom edge cuts, a quarter of those ending low", () => {
    // m21-009 4h: the layout ended a MetaTrader plot above its lowest candles; 14 of the 55
    // shapes ending in the lower part stand on its last row, 14 of 90 in all.
    const cut = Array.from({ length: 14 }, (_, i) => box(i * 20, i * 20 + 12, 700 + i * 10, ph - 1));
    const low = Array.from({ length: 41 }, (_, i) =>
      box(i * 20 + 5, i * 20 + 17, 600, 560 + ((i * 13) % 320)),
    );
    const high = Array.from({ length: 35 }, (_, i) => box(i * 20 + 9, i * 20 + 21, 100, 200 + i * 5));
    expect(volumeBaseline([...cut, ...low, ...high], ph)).toBeNull();
  });

  it('finds none where the shapes in the lower part end on rows of their own', () => {
    const low = Array.from({ length: 60 }, (_, i) => box(i * 9, i * 9 + 6, 600, 640 + ((i * 13) % 250)));
    expect(volumeBaseline([...low, ...candles], ph)).toBeNull();
  });
});
