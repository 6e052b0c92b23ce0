import { describe, expect, it } from 'vitest';
import { completeOneTickBars } from './extract';
import type { PixelCandle } from './types';

/** An OHLC bar at x over rows high..low with its open and close ticks on rows `open`, `close`. */
const bar = (x: number, high: number, low: number, open: number, close: number): PixelCandle => ({
  x,
  left: x - 1,
  right: x + 1,
  highY: high,
  lowY: low,
  bodyTop: Math.min(open, close),
  bodyBottom: Math.max(open, close),
  fill: 1,
  direction: close < open ? 1 : close > open ? -1 : 0,
  ambiguous: false,
  stemLeft: x,
  stemRight: x,
});

/*
 * MetaTrader 4's Green on Black bars on JPEG (m21-010): a moving average in another colour
 * crosses a bar at its open tick, which the ink mask loses, so the bar shows its close tick only
 * (read as open and close alike). The bar before closed where this one opened.
 */
describe('completeOneTickBars', () => {
  it("takes a lost open from the bar before's close and a lost close from the next bar's open", () => {
    const before = bar(10, 20, 60, 50, 30); // bull: closes on row 30
    const openLost = bar(16, 25, 70, 65, 65); // its close tick on row 65 only
    const closeLost = bar(22, 60, 90, 65, 65); // its open tick on row 65 only
    const after = bar(28, 70, 95, 80, 90);
    const bars = [before, openLost, closeLost, after];
    completeOneTickBars(
      bars,
      new Map<PixelCandle, -1 | 1>([
        [openLost, 1],
        [closeLost, -1],
      ]),
      6,
    );
    // Opened on row 30, the previous close, closed on 65: a bear bar.
    expect([openLost.bodyTop, openLost.bodyBottom, openLost.direction]).toEqual([30, 65, -1]);
    // Opened on 65, closed on 80, the next open: bear too.
    expect([closeLost.bodyTop, closeLost.bodyBottom, closeLost.direction]).toEqual([65, 80, -1]);
  });

  it('keeps the open within the bar after a gap, and leaves a bar without a near neighbour as read', () => {
    const before = bar(10, 20, 40, 35, 22);
    const gapped = bar(16, 30, 50, 45, 45); // the previous close (22) lies above its high (30)
    const alone = bar(40, 60, 80, 70, 70); // four spacings from the bar before
    const bars = [before, gapped, alone];
    completeOneTickBars(
      bars,
      new Map<PixelCandle, -1 | 1>([
        [gapped, 1],
        [alone, 1],
      ]),
      6,
    );
    expect([gapped.bodyTop, gapped.bodyBottom]).toEqual([30, 45]);
    expect([alone.bodyTop, alone.bodyBottom, alone.direction]).toEqual([70, 70, 0]);
  });
});
