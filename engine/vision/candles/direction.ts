import type { PixelCandle } from './types';
import type { InkClass } from '../palette/palette';
import { DIRECTION_COST_MARGIN, GAP_COST_CAP_PX } from './tuning';

/**
 * Which fill means bull? Bars open where the previous one closed (or close by), so the mapping
 * that makes close[i] meet open[i+1] is right. Only when the series gaps everywhere do we fall
 * back to convention: hollow or green-ish bodies are bullish.
 */
export function assignDirections(candles: PixelCandle[], palette: InkClass[]): void {
  const fills = new Map<number, number>();
  for (const c of candles) if (c.bodyBottom - c.bodyTop >= 1) fills.set(c.fill, (fills.get(c.fill) ?? 0) + 1);
  const ranked = [...fills.entries()].sort((a, b) => b[1] - a[1]).map((e) => e[0]);
  if (ranked.length === 0) return;
  const a = ranked[0]!;
  const b = ranked[1];
  // Cost of "a is bull": distance between each close and the next open, in px.
  const cost = (aBull: boolean) => {
    let s = 0;
    let n = 0;
    for (let i = 0; i + 1 < candles.length; i++) {
      const p = candles[i]!;
      const q = candles[i + 1]!;
      const pBull = (p.fill === a) === aBull;
      const qBull = (q.fill === a) === aBull;
      const pClose = pBull ? p.bodyTop : p.bodyBottom;
      const qOpen = qBull ? q.bodyBottom : q.bodyTop;
      s += Math.min(Math.abs(pClose - qOpen), GAP_COST_CAP_PX);
      n++;
    }
    return n ? s / n : 0;
  };
  const costA = cost(true);
  const costB = cost(false);
  let aBull: boolean;
  if (Math.abs(costA - costB) > DIRECTION_COST_MARGIN) aBull = costA < costB;
  else aBull = bullishByConvention(a, b, palette);
  for (const c of candles) {
    c.direction = (c.fill === a) === aBull ? 1 : -1;
  }
}

function bullishByConvention(a: number, b: number | undefined, palette: InkClass[]): boolean {
  if (a === 0) return true;
  if (b === 0) return false;
  const score = (k: number | undefined) => {
    const col = k ? palette[k - 1]?.colour : undefined;
    if (col === undefined) return 0;
    return ((col >> 8) & 255) - ((col >> 16) & 255);
  };
  return score(a) >= score(b);
}
