import { describe, expect, it } from 'vitest';
import { drawingsSvg } from './drawings';
import { Rng } from './rng';
import type { RenderResult } from './types';

/** A chart's truth: 120 candles 10 px apart on a 1200x700 plot, 1.10-1.12 over rows 50-650. */
const chart = (count = 120): RenderResult => ({
  plot: { left: 20, top: 30, right: 1220, bottom: 680 },
  scale: { y1: 50, p1: 1.12, y2: 650, p2: 1.1 },
  candles: Array.from({ length: count }, (_, i) => {
    const o = 1.105 + 0.005 * Math.sin(i / 9);
    const c = o + 0.0008 * Math.cos(i);
    return { x: 25 + i * 10, open: o, high: Math.max(o, c) + 0.0005, low: Math.min(o, c) - 0.0005, close: c };
  }),
  ticks: [],
});

const rects = (svg: string) =>
  [...svg.matchAll(/<rect x="([\d.-]+)" y="([\d.-]+)" width="([\d.-]+)" height="([\d.-]+)"/g)].map((m) =>
    m.slice(1).map(Number),
  );

describe('trader drawings laid over a corpus chart', () => {
  it('are reproducible from the seed and stay inside the plot', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const svg = drawingsSvg(chart(), 1300, 760, 1, new Rng(seed));
      expect(drawingsSvg(chart(), 1300, 760, 1, new Rng(seed))).toBe(svg);
      expect(rects(svg).length).toBeGreaterThan(0);
      for (const [x, y, w, h] of rects(svg)) {
        expect(x).toBeGreaterThanOrEqual(20);
        expect(y).toBeGreaterThanOrEqual(30);
        expect(x! + w!).toBeLessThanOrEqual(1220);
        expect(y! + h!).toBeLessThanOrEqual(680);
      }
    }
  });

  it('draws nothing on a chart too short to anchor a zone', () => {
    expect(drawingsSvg(chart(10), 1300, 760, 1, new Rng(1))).toBe('');
  });
});
