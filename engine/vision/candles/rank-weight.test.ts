import { describe, expect, it } from 'vitest';
import { rankWeight } from './extract';
import { WIDE_SHAPE_INK_SHARE, WIDE_SHAPE_WIDTHS } from './tuning';

/*
 * d178-008 15m (Lightweight Charts at 2x, an EMA drawn in the bull colour): candles 10 px wide
 * with about 9 px of ink per column, and the EMA's component 400 px wide, 3 px thick. Ranked by
 * pixels, the EMA (1,200) outweighed every candle it crossed (about 90 each) and took their
 * columns; its pieces were read as the candles.
 */
const SHAPE_WIDTH = 10;
const INK_PER_COLUMN = 9;
const box = (width: number, count: number, rows = 40) => ({
  minX: 100,
  maxX: 100 + width - 1,
  minY: 50,
  maxY: 50 + rows - 1,
  count,
});

describe('rankWeight', () => {
  it('weighs a wide thin line by its ink per typical width, under a candle it crosses', () => {
    const ema = box(400, 1200);
    const candle = box(SHAPE_WIDTH, 90);
    expect(ema.count).toBeGreaterThan(candle.count);
    const w = rankWeight(ema, SHAPE_WIDTH, INK_PER_COLUMN);
    expect(w).toBe((1200 * SHAPE_WIDTH) / 400);
    expect(w).toBeLessThan(rankWeight(candle, SHAPE_WIDTH, INK_PER_COLUMN));
  });

  it('keeps the pixels of a candle, a wide body and a staircase of touching candles', () => {
    const candle = box(SHAPE_WIDTH, 90);
    expect(rankWeight(candle, SHAPE_WIDTH, INK_PER_COLUMN)).toBe(90);
    // No wider than WIDE_SHAPE_WIDTHS typical shapes: a few touching candles, however thin.
    const narrow = box(WIDE_SHAPE_WIDTHS * SHAPE_WIDTH, 20);
    expect(rankWeight(narrow, SHAPE_WIDTH, INK_PER_COLUMN)).toBe(20);
    // Eight touching bodies: as much ink per column as a candle.
    const stairs = box(8 * SHAPE_WIDTH, 8 * 85);
    expect(rankWeight(stairs, SHAPE_WIDTH, INK_PER_COLUMN)).toBe(8 * 85);
  });

  it('holds the ink test at WIDE_SHAPE_INK_SHARE of a typical column', () => {
    const width = 200;
    const atShare = box(width, WIDE_SHAPE_INK_SHARE * INK_PER_COLUMN * width);
    expect(rankWeight(atShare, SHAPE_WIDTH, INK_PER_COLUMN)).toBe(atShare.count);
    const under = box(width, atShare.count - 1);
    expect(rankWeight(under, SHAPE_WIDTH, INK_PER_COLUMN)).toBeLessThan(under.count);
  });

  it('leaves every shape its pixels when no typical width is known', () => {
    const ema = box(400, 1200);
    expect(rankWeight(ema, 0, INK_PER_COLUMN)).toBe(1200);
    expect(rankWeight(ema, NaN, NaN)).toBe(1200);
  });
});
