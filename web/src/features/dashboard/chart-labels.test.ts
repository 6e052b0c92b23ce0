import fc from 'fast-check';
import { boxesOverlap, layoutLabels, type LabelRequest } from './chart-labels';

const font = 12;
const bounds = { font, top: 0, bottom: 900, left: 0, right: 1600 };

const line = (id: string, text: string, y: number, priority = 0): LabelRequest => ({
  id,
  text,
  x: 1500,
  align: 'end',
  y: y - font * 0.7,
  targetY: y,
  priority,
});

function expectNoOverlap(placed: ReturnType<typeof layoutLabels>) {
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      expect(boxesOverlap(placed[i]!.box, placed[j]!.box), `${placed[i]!.text} / ${placed[j]!.text}`).toBe(
        false,
      );
    }
  }
}

describe('layoutLabels', () => {
  it('leaves labels that do not collide where they want to be', () => {
    const placed = layoutLabels([line('a', 'Entry 1.08450', 200), line('b', 'Stop 1.08200', 400)], bounds);
    expect(placed.map((p) => p.moved)).toEqual([false, false]);
    expect(placed[0]!.centerY).toBeCloseTo(200 - font * 0.7);
  });

  it('pulls apart TP1, Entry, Stop and Equilibrium stacked at one price, each with a leader', () => {
    const placed = layoutLabels(
      [
        line('tp1', 'TP1 1.08450', 300),
        line('entry', 'Entry 1.08450', 300),
        line('stop', 'Stop 1.08452', 301),
        line('eq', 'Equilibrium 1.08451', 300, 4),
      ],
      bounds,
    );
    expectNoOverlap(placed);
    expect(placed.filter((p) => p.moved)).toHaveLength(3);
    // Every label stays close to its price (within a few rows), so the leaders are short.
    for (const p of placed) expect(Math.abs(p.centerY - p.targetY)).toBeLessThan(font * 6);
    // The order is stable: labels keep their input order in the answer.
    expect(placed.map((p) => p.id)).toEqual(['tp1', 'entry', 'stop', 'eq']);
  });

  it('separates a CHoCH and a BOS label drawn at nearly the same spot ("CBOSH")', () => {
    const mark = (id: string, text: string, x: number): LabelRequest => ({
      id,
      text,
      x,
      align: 'middle',
      y: 500,
      targetY: 505,
      priority: 3,
    });
    const placed = layoutLabels([mark('choch', 'CHoCH', 800), mark('bos', 'BOS', 806)], bounds);
    expectNoOverlap(placed);
    expect(placed[0]!.moved).toBe(false);
    expect(placed[1]!.moved).toBe(true);
  });

  it('lets the plan keep its spot: lower priority labels give way', () => {
    const placed = layoutLabels(
      [line('liq', 'Equal highs 1.09000', 300, 4), line('entry', 'Entry 1.09000', 300, 0)],
      bounds,
    );
    expect(placed.find((p) => p.id === 'entry')!.moved).toBe(false);
    expect(placed.find((p) => p.id === 'liq')!.moved).toBe(true);
  });

  it('keeps labels inside the chart, at the top edge and near the left edge', () => {
    const placed = layoutLabels(
      [
        line('a', 'TP2 1.10000', 2),
        line('b', 'TP1 1.09900', 3),
        { id: 'c', text: 'Resistance 1.2', x: 20, align: 'end', y: 400, targetY: 405, priority: 4 },
      ],
      bounds,
    );
    expectNoOverlap(placed);
    for (const p of placed) {
      expect(p.box.top).toBeGreaterThanOrEqual(0);
      expect(p.box.left).toBeGreaterThanOrEqual(0);
    }
  });

  it('never overlaps two labels when the chart has room for all of them', () => {
    const request = fc.record({
      y: fc.integer({ min: 0, max: 900 }),
      x: fc.integer({ min: 100, max: 1500 }),
      text: fc.constantFrom('BOS', 'CHoCH', '$', 'TP1 1.08450', 'Entry 1.08450', 'OB (setup)', 'FVG'),
      align: fc.constantFrom('start' as const, 'middle' as const, 'end' as const),
      priority: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(request, { maxLength: 24 }), (raw) => {
        const placed = layoutLabels(
          raw.map((r, i) => ({ ...r, id: String(i), targetY: r.y })),
          bounds,
        );
        expectNoOverlap(placed);
        for (const p of placed) {
          expect(p.box.top).toBeGreaterThanOrEqual(-1e-9);
          expect(p.box.bottom).toBeLessThanOrEqual(900 + 1e-9);
        }
      }),
      { numRuns: 200 },
    );
  });
});
