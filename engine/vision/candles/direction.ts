import type { PixelCandle } from './types';
import type { InkClass } from '../palette/palette';
import {
  DIRECTION_COST_MARGIN,
  FILL_AGREEMENT_MIXED_MIN,
  FILL_AGREEMENT_SURE,
  FILL_FLIP_GAIN_PX,
  FILL_MIXED_MIN_CANDLES,
  FILL_WEIGHT_SHARE,
  GAP_COST_CAP_PX,
} from './tuning';

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
  if (ranked.length >= 3) moreFills(candles, ranked, fills);
}

/** The close and the open row of a candle read in direction `d` (+1 bull: it closes at the top). */
const closeRow = (c: PixelCandle, d: number) => (d > 0 ? c.bodyTop : c.bodyBottom);
const openRow = (c: PixelCandle, d: number) => (d > 0 ? c.bodyBottom : c.bodyTop);

/**
 * Three fills or more (MetaTrader's Green on Black: bull bodies hollow, bear bodies filled in a
 * pale green, both outlined in lime; a body too narrow to show its inside is all lime). The first
 * mapping gives every fill but the most common one the other direction. Each further fill of
 * weight is then given the direction that joins its candles to their neighbours, where that is
 * clearly better (the hollow bull bodies above, read as bear, cost 14-19 px per candle). Then a
 * fill whose candles do not keep to one direction (the all-lime bodies: both directions; fewer of
 * them join their neighbours as read than as flipped) is no evidence of direction: each of its
 * candles takes the direction that joins its neighbours.
 */
function moreFills(candles: PixelCandle[], ranked: number[], fills: Map<number, number>): void {
  const gap = (p: PixelCandle | undefined, q: PixelCandle | undefined) =>
    p && q ? Math.min(Math.abs(closeRow(p, p.direction) - openRow(q, q.direction)), GAP_COST_CAP_PX) : 0;
  const totalGap = () => {
    let sum = 0;
    for (let i = 0; i + 1 < candles.length; i++) sum += gap(candles[i], candles[i + 1]);
    return sum;
  };
  const flip = (f: number) => {
    for (const c of candles) if (c.fill === f) c.direction = -c.direction;
  };
  const weighty = ranked.filter((f) => fills.get(f)! >= FILL_WEIGHT_SHARE * fills.get(ranked[0]!)!);
  for (const f of weighty.slice(2)) {
    const before = totalGap();
    flip(f);
    if (before - totalGap() < FILL_FLIP_GAIN_PX * fills.get(f)!) flip(f);
  }
  // Of each fill: how many candles join their neighbours no worse as read than flipped.
  const localGap = (i: number, d: number) => {
    const c = candles[i]!;
    const read = c.direction;
    c.direction = d;
    const sum = gap(candles[i - 1], c) + gap(c, candles[i + 1]);
    c.direction = read;
    return sum;
  };
  const mixed: number[] = [];
  let unsure = 0;
  for (const f of weighty) {
    let agree = 0;
    let n = 0;
    candles.forEach((c, i) => {
      if (c.fill !== f) return;
      n++;
      if (localGap(i, c.direction) <= localGap(i, -c.direction)) agree++;
    });
    if (agree >= FILL_AGREEMENT_SURE * n) continue;
    unsure++;
    // Fewer than half agreeing, or too few candles to tell, is misread shapes, not a mixed fill.
    if (agree >= FILL_AGREEMENT_MIXED_MIN * n && n >= FILL_MIXED_MIN_CANDLES) mixed.push(f);
  }
  // Only one fill may go candle by candle: the others' directions are what it joins.
  if (unsure !== 1 || mixed.length !== 1) return;
  for (let pass = 0; pass < 2; pass++)
    candles.forEach((c, i) => {
      if (c.fill === mixed[0] && localGap(i, -c.direction) < localGap(i, c.direction))
        c.direction = -c.direction;
    });
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
