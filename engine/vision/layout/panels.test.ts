import { describe, expect, it } from 'vitest';
import type { LineRun } from './lines';
import { findBoxes, outermost, plotRowsFromGrid } from './plot-edges';
import { pricePaneRows } from './pane';
import type { AxisColumn } from './axis-locate';

const line = (at: number, start: number, end: number, colour = 0xffffff, dotted = false): LineRun => ({
  at,
  start,
  end,
  colour,
  dotted,
});

describe('findBoxes', () => {
  const region = { left: 0, top: 0, right: 707, bottom: 599 };
  // An EA panel over the plot: its sides (a bevel two lines thick) and its top and bottom rules.
  const panel = [line(95, 124, 484), line(96, 126, 484, 0xb6b6b6), line(480, 124, 482), line(484, 124, 484)];
  const panelRows = [line(124, 96, 484), line(484, 95, 484)];
  // The vertical grid: its rows run across the whole plot, not from one of its columns to another.
  const grid = [150, 300, 450, 600].map((x) => line(x, 3, 578, 0x444444, true));
  const gridRows = [100, 200, 300].map((y) => line(y, 3, 706, 0x444444, true));

  it('finds a panel from its border lines and takes its sides out of the grid', () => {
    const { columns, boxes } = findBoxes([...grid, ...panel], [...gridRows, ...panelRows], 3, 706);
    expect(boxes).toEqual([{ left: 95, right: 484, top: 124, bottom: 484 }]);
    expect(columns.map((c) => c.at).sort((a, b) => a - b)).toEqual([150, 300, 450, 600]);
  });

  it('takes no box from grid lines alone, nor the plot frame or a sub-window frame for a panel', () => {
    // The plot's frame, and a sub-window's (an RSI pane) across the plot's width below it.
    const frame = [line(2, 2, 582), line(707, 2, 582), line(4, 450, 570), line(705, 450, 570)];
    const frameRows = [line(2, 2, 707), line(582, 2, 707), line(450, 4, 705), line(570, 4, 705)];
    const { columns, boxes } = findBoxes([...grid, ...frame], [...gridRows, ...frameRows], 3, 706);
    expect(boxes).toEqual([]);
    expect(columns.length).toBe(8);
  });

  it('keeps the grid ending the plot where a panel would have', () => {
    const all = [...grid.map((g) => ({ ...g, dotted: false })), ...panel];
    const { columns } = findBoxes(all, [...gridRows, ...panelRows], 3, 706);
    expect(plotRowsFromGrid(columns, region, 3, 706, 20).plotBottom).toBe(578);
  });
});

describe('plotRowsFromGrid at a frame', () => {
  it('takes the top of a frame both sides and a grid line reach, though candles end the other lines low', () => {
    const region = { left: 0, top: 0, right: 639, bottom: 479 };
    const columns = [
      line(2, 2, 462),
      line(582, 2, 458),
      line(202, 104, 458, 0xffffff, true), // a period separator, its top hidden under candles
      line(370, 2, 458, 0xffffff, true),
    ];
    const rows = plotRowsFromGrid(columns, region, 3, 581, null);
    expect(rows.plotTop).toBe(2);
    expect(rows.plotBottom).toBe(458);
    // Without the frame, the grid lines' median decides as before.
    expect(plotRowsFromGrid(columns.slice(2), region, 3, 581, null).plotTop).toBe(104);
  });

  it("takes the rows of a frame's corner: a column at the plot's side ending on a row across the plot", () => {
    const region = { left: 0, top: 0, right: 2504, bottom: 1439 };
    // The two sides of one tall hollow candle (the dotted grid was too sparse to be found) and
    // MetaTrader's frame: a column beside the price axis, ending where the time axis's rule runs.
    const columns = [line(549, 180, 842, 0x00ff00), line(557, 180, 842, 0x00ff00), line(2504, 2, 1420)];
    const frameRow = line(1420, 2, 2504);
    const rows = plotRowsFromGrid(columns, region, 2, 2503, 15, [frameRow]);
    expect([rows.plotTop, rows.plotBottom]).toEqual([2, 1420]);
    // Without the rule at its end the column is no corner: the candle's sides decide as before.
    expect(plotRowsFromGrid(columns, region, 2, 2503, 15, [line(1300, 2, 2504)]).plotBottom).toBe(842);
    // A dotted row (a price line) is no frame.
    expect(plotRowsFromGrid(columns, region, 2, 2503, 15, [{ ...frameRow, dotted: true }]).plotBottom).toBe(
      842,
    );
  });
});

describe('pricePaneRows', () => {
  const axis = (tokens: AxisColumn['tokens']): AxisColumn => ({
    labels: { left: 690, top: 13, right: 737, bottom: 449 },
    tokens,
    fitted: 8,
    capHeight: 10,
    scale: { mode: 'linear', slope: -1e-4, intercept: 1.62, labels: [], residualPx: 0 },
  });
  const region = { left: 3, top: 3, right: 683, bottom: 560 };
  const rows = [line(536, 3, 681, 0x383838)];
  const placed = { plotTop: 3, plotBottom: 560, placed: false };
  const badge = (text: string, top: number, bottom: number) => ({
    text,
    box: { left: 690, top, right: 738, bottom },
    confidence: 1,
    badge: true,
  });

  it('ends the plot at the time axis rule under an icon read as a box without digits', () => {
    expect(pricePaneRows(rows, axis([badge('C', 523, 543)]), 3, 681, region, placed).plotBottom).toBe(535);
  });

  it('passes over a price line whose badge states a price', () => {
    expect(pricePaneRows(rows, axis([badge('1.56352', 530, 542)]), 3, 681, region, placed).plotBottom).toBe(
      560,
    );
  });
});

describe('outermost (where grid rows agree the plot ends)', () => {
  const ends = (rows: [number, number, number][]) => rows.map(([at, end, colour]) => ({ at, end, colour }));

  it("takes a JPEG's blurred line, its rows in shades and a label covering some rows' start, for one line", () => {
    // One level line blurred over rows 547-554 (each row its own shade), rows 547 and 550
    // starting at 106 where a label covers the line; a second line starting at 68.
    const blurred = ends([
      [547, 106, 0x000700],
      [549, 108, 0x000e00],
      [550, 106, 0x78967a],
      [551, 78, 0x719273],
      [552, 70, 0x001e00],
      [553, 80, 0x001d01],
      [554, 80, 0x021b05],
      [642, 68, 0x303030],
    ]);
    expect(outermost(blurred, 1, 0x000000)).toBeNull();
  });

  it('takes a 2 px line captured at DPR 2 (four rows of one colour) for one line', () => {
    expect(
      outermost(ends([1376, 1377, 1378, 1379].map((at) => [at, 1861, 0x696f84])), 1, 0x171a24),
    ).toBeNull();
  });

  it("still takes a filled band's top and bottom rows (one colour, thicker than a line) for two edges", () => {
    const band = ends([266, 267, 268, 269, 270, 271, 272, 273].map((at) => [at, 248, 0xebebeb]));
    expect(outermost([...band, ...ends([[382, 360, 0xf3f3f3]])], 1, 0xffffff)).toBe(248);
  });

  it("keeps a shadow's rows fading one way (under a floating toolbar) apart, as before", () => {
    const shadow = ends([
      [137, 980, 0xd7d7d7],
      [138, 980, 0xdadada],
      [139, 980, 0xe4e4e4],
      [140, 980, 0xe7e7e7],
    ]);
    expect(outermost(shadow, -1, 0xffffff)).toBe(980);
  });

  it('takes two lines apart agreeing on an end for the edge', () => {
    expect(
      outermost(
        ends([
          [100, 70, 0x444444],
          [200, 70, 0x444444],
          [300, 40, 0x444444],
        ]),
        1,
      ),
    ).toBe(70);
  });
});
