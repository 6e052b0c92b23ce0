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

/**
 * 100 candles `spacing` px apart, every `every`-th one a bodiless stroke `bare` px wide, the others
 * `wide` px wide with a body read; strokesWithoutBodies applied.
 */
function chart(spacing: number, every: number, bare: number, wide: number): PixelCandle[] {
  const candles = Array.from({ length: 100 }, (_, i) =>
    i % every === 0 ? candle(spacing * i, bare, null) : candle(spacing * i, wide, [112, 120]),
  );
  strokesWithoutBodies(candles);
  return candles;
}

describe('strokesWithoutBodies', () => {
  it('takes the bodies read in 2 px strokes among 1 px candles for no bodies', () => {
    // MetaTrader Green on Black at 1.25x in JPEG: every candle a 1 px stroke, which the scaling
    // and JPEG spread over two columns on some rows (278 of 514 read with no body).
    const candles = chart(3, 2, 1, 2);
    expect(candles.every((c) => c.ambiguous)).toBe(true);
    expect(candles[1]).toMatchObject({ bodyTop: 100, bodyBottom: 140 });
  });

  it('keeps 2 px bodies on 1 px wicks, where few candles show none', () => {
    const candles = chart(3, 5, 1, 2);
    expect(candles.filter((c) => c.ambiguous)).toHaveLength(20);
    expect(candles[1]).toMatchObject({ bodyTop: 112, bodyBottom: 120 });
  });

  it('keeps the bodies of a chart of wider candles with dojis among them', () => {
    expect(chart(8, 2, 2, 5).filter((c) => c.ambiguous)).toHaveLength(50);
  });
});
