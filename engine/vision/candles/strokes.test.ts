import { describe, expect, it } from 'vitest';
import { strokesWithoutBodies } from './extract';
import type { PixelCandle } from './types';

/** A candle `width` px wide at x; `body` rows read inside its stroke, or none (ambiguous). */
const candle = (x: number, width: number, body: [number, number] | null): PixelCandle => ({
  x,
  left: x,
  right: x + width - 1,
  highY: 100,
  lowY: 140,
  bodyTop: body ? body[0] : 100,
  bodyBottom: body ? body[1] : 140,
  fill: 1,
  direction: 0,
  ambiguous: body === null,
  stemLeft: x,
  stemRight: x,
});

describe('strokesWithoutBodies', () => {
  it('takes the bodies read in 2 px strokes among 1 px candles for no bodies', () => {
    // MetaTrader Green on Black at 1.25x in JPEG: every candle a 1 px stroke, which the scaling
    // and JPEG spread over two columns on some rows (278 of 514 read with no body).
    const candles = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0 ? candle(3 * i, 1, null) : candle(3 * i, 2, [112, 120]),
    );
    strokesWithoutBodies(candles);
    expect(candles.every((c) => c.ambiguous)).toBe(true);
    expect(candles[1]).toMatchObject({ bodyTop: 100, bodyBottom: 140 });
  });

  it('keeps 2 px bodies on 1 px wicks, where few candles show none', () => {
    const candles = Array.from({ length: 100 }, (_, i) =>
      i % 5 === 0 ? candle(3 * i, 1, null) : candle(3 * i, 2, [112, 120]),
    );
    strokesWithoutBodies(candles);
    expect(candles.filter((c) => c.ambiguous)).toHaveLength(20);
    expect(candles[1]).toMatchObject({ bodyTop: 112, bodyBottom: 120 });
  });

  it('keeps the bodies of a chart of wider candles with dojis among them', () => {
    const candles = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0 ? candle(8 * i, 2, null) : candle(8 * i, 5, [112, 120]),
    );
    strokesWithoutBodies(candles);
    expect(candles.filter((c) => c.ambiguous)).toHaveLength(50);
  });
});
