import { describe, expect, it } from 'vitest';
import type { InkClass } from '../palette/palette';
import { assignDirections } from './direction';
import type { PixelCandle } from './types';

/** A deterministic walk of candles, each opening where the previous one closed (pixel rows). */
function walk(
  n: number,
  seed: number,
  bullShare = (_i: number) => 0.5,
): { top: number; bottom: number; bull: boolean }[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out: { top: number; bottom: number; bull: boolean }[] = [];
  let open = 500;
  for (let i = 0; i < n; i++) {
    const bull = rand() < bullShare(i);
    const close = open + (bull ? -1 : 1) * (4 + Math.floor(rand() * 16));
    out.push({ top: Math.min(open, close), bottom: Math.max(open, close), bull });
    open = close;
  }
  return out;
}

const candle = (x: number, top: number, bottom: number, fill: number): PixelCandle => ({
  x,
  left: x - 1,
  right: x + 1,
  highY: top - 3,
  lowY: bottom + 3,
  bodyTop: top,
  bodyBottom: bottom,
  fill,
  direction: 0,
  ambiguous: false,
  stemLeft: x,
  stemRight: x,
});

describe('assignDirections with three fills', () => {
  // MetaTrader 5's Green on Black: bull bodies hollow (fill 0), bear bodies filled pale green
  // (class 2), both outlined in lime (class 1); a body too narrow to show its inside is all lime,
  // in either direction, and such bodies are the commonest.
  const palette: InkClass[] = [
    { colour: 0x4acb4a, mass: 7000 },
    { colour: 0xb4ffb8, mass: 2000 },
  ];
  // Two in three of the all-lime bodies are bull (as on the capture measured: 133 of 206).
  const lime = (i: number) => i % 5 < 3;
  const series = walk(400, 7, (i) => (lime(i) ? 0.65 : 0.5));
  const candles = series.map((b, i) => candle(10 + 4 * i, b.top, b.bottom, lime(i) ? 1 : b.bull ? 0 : 2));
  assignDirections(candles, palette);
  const right = (fill: number) => {
    const of = candles.map((c, i) => [c, series[i]!] as const).filter(([c]) => c.fill === fill);
    return of.filter(([c, b]) => c.direction === (b.bull ? 1 : -1)).length / of.length;
  };

  it('reads the hollow bodies as bull and the pale ones as bear, though the lime ones outnumber both', () => {
    expect(right(0)).toBe(1);
    expect(right(2)).toBe(1);
  });

  it('gives each all-lime body the direction that joins it to its neighbours', () => {
    expect(right(1)).toBeGreaterThan(0.95);
  });
});

describe('assignDirections with two fills', () => {
  it('keeps one direction per fill, decided by which mapping joins the candles', () => {
    const palette: InkClass[] = [
      { colour: 0x26a69a, mass: 100 },
      { colour: 0xef5350, mass: 100 },
    ];
    const series = walk(60, 3);
    const candles = series.map((b, i) => candle(10 + 8 * i, b.top, b.bottom, b.bull ? 1 : 2));
    assignDirections(candles, palette);
    expect(candles.every((c, i) => c.direction === (series[i]!.bull ? 1 : -1))).toBe(true);
  });
});
