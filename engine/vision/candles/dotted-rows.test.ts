import { describe, expect, it } from 'vitest';
import { dottedLineRows } from './dotted-rows';

const BLACK = 0x000000;
const LIME = 0x00ff00;
const GREY = 0x8e908d;

/**
 * A black plot w x h with OHLC bars every 6 px (1 px lime stems over rows 20..h-20, a tick each
 * side at rows 30 and 50) and, on `dotted`, a grey grid line of 1 px dots 3 px apart.
 */
function plotWithBars(w: number, h: number, dotted: number[]) {
  const rgb = new Uint32Array(w * h).fill(BLACK);
  for (const y of dotted) for (let x = 0; x < w; x += 3) rgb[y * w + x] = GREY;
  for (let x = 3; x + 1 < w; x += 6) {
    for (let y = 20; y < h - 20; y++) rgb[y * w + x] = LIME;
    rgb[30 * w + x - 1] = LIME;
    rgb[50 * w + x + 1] = LIME;
  }
  return { raster: { width: w, height: h, rgb }, background: BLACK };
}

describe('dottedLineRows', () => {
  it("finds a dotted grid's rows and not the rows every bar has a tick on", () => {
    const w = 600;
    const h = 120;
    const onLine = dottedLineRows(
      { left: 0, top: 0, right: w - 1, bottom: h - 1 },
      plotWithBars(w, h, [40, 80]),
    );
    const found = [];
    for (let y = 0; y < h; y++) if (onLine(y)) found.push(y);
    expect(found).toEqual([40, 80]);
  });

  it('takes a solid line for no dotted one', () => {
    const w = 600;
    const h = 60;
    const s = plotWithBars(w, h, []);
    for (let x = 0; x < w; x++) s.raster.rgb[10 * w + x] = GREY;
    expect(dottedLineRows({ left: 0, top: 0, right: w - 1, bottom: h - 1 }, s)(10)).toBe(false);
  });
});
