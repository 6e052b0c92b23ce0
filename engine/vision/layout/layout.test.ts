import type { LineRun } from './lines';
import { gridSpan, withoutFills } from './lines';
import { axisClearOf, findLayout, type Layout } from './find-layout';
import type { AxisColumn } from './axis-locate';
import { COLUMN_PAD_MAX_PX, COLUMN_PAD_PX } from './tuning';
import { rowBackgrounds } from './background';
import { acrossBands, acrossPanel } from './region';
import { paneFrame } from './pane';
import { timeAxisText } from './time-axis';
import { bandBeyond, rowsRunOnPast } from './plot-edges';
import type { Raster } from '../pixels/raster';

describe('findLayout', () => {
  it('does not take vertical grid lines for a separator when there are no grid rows', () => {
    const width = 640;
    const height = 400;
    const bg = 0x172b35;
    const rgb = new Uint32Array(width * height).fill(bg);
    const fill = (l: number, t: number, r: number, b: number, c: number) => {
      for (let y = t; y <= b; y++) for (let x = l; x <= r; x++) rgb[y * width + x] = c;
    };
    // A vertical grid every 90 px, full height, and no horizontal grid.
    for (let x = 40; x < 560; x += 90) fill(x, 0, x, height - 1, 0x22384a);
    // Candles from the left edge on.
    for (let x = 6; x < 540; x += 12) {
      const top = 120 + ((x * 37) % 140);
      fill(x + 3, top - 10, x + 3, top + 50, 0x26c6da);
      fill(x, top, x + 6, top + 30, 0x26c6da);
    }
    const raster: Raster = { width, height, rgb };
    const layout = findLayout(raster)!;
    expect(layout.plot.left).toBeLessThanOrEqual(6);
  });
});

describe('axisClearOf', () => {
  // Labels at x 900-960; the strip read around them reaches COLUMN_PAD_PX + COLUMN_PAD_MAX_PX further.
  const axis = { labels: { left: 900, top: 40, right: 960, bottom: 700 } } as AxisColumn;
  const layout = { labelledAxis: axis } as Layout;
  const reach = COLUMN_PAD_PX + COLUMN_PAD_MAX_PX;
  const zone = (left: number, right: number) => ({ left, top: 100, right, bottom: 300 });

  it("gives the first search's axis when every lifted drawing stays clear of its column", () => {
    expect(axisClearOf(layout, [zone(100, 400), zone(500, 900 - reach - 1)])).toBe(axis);
  });

  it('searches again when a drawing reaches the strip read beside the labels', () => {
    expect(axisClearOf(layout, [zone(100, 400), zone(500, 900 - reach)])).toBeUndefined();
    expect(axisClearOf(layout, [zone(960 + reach, 1000)])).toBeUndefined();
  });

  it('searches again when the first layout found no axis from its labels', () => {
    expect(axisClearOf({} as Layout, [zone(100, 400)])).toBeUndefined();
  });
});

describe('paneFrame', () => {
  const line = (at: number, colour: number, start = 0, end = 999, dotted = false): LineRun => ({
    at,
    start,
    end,
    colour,
    dotted,
  });
  const labels = { left: 1010, top: 100, right: 1060, bottom: 500 };
  const grid = [150, 250, 350, 450].map((y) => line(y, 0xe0e3eb));

  it('bounds the price pane by the first grey full-width lines beyond its labels', () => {
    // A header rule above, the boundary of an indicator pane and the time axis rule below.
    const rows = [line(40, 0xd1d4dc), ...grid, line(560, 0xd1d4dc), line(800, 0xd1d4dc)];
    expect(paneFrame(rows, labels, [], 0, 999)).toEqual({ top: 40, bottom: 560 });
  });

  it('passes over grid lines, price lines, gradient rows, dotted and partial lines', () => {
    const rows = [
      line(10, 0xd1d4dc),
      ...[20, 22, 24, 26, 28, 30].map((y) => line(y, 0xf4f4f4)), // rows of a gradient background
      line(56, 0xc0c0c0), // a grey price line with its badge on the axis
      line(50, 0xe0e3eb), // a grid line beyond the outer label, on the grid's rhythm
      line(80, 0x2962ff), // a solid blue price line
      ...grid,
      line(520, 0xd1d4dc, 0, 999, true), // dotted
      line(540, 0xd1d4dc, 400, 999), // covers part of the plot only
    ];
    const badge = { top: 44, bottom: 57 };
    expect(paneFrame(rows, labels, [badge], 0, 999)).toEqual({ top: 10, bottom: null });
  });

  it("takes a line in the grid's colour off the grid's rhythm for the pane's border", () => {
    // lwc draws the time axis's border in the grid colour, 20 px below the last grid line; a grid
    // line hidden under a price line (none at 300) leaves the rhythm intact.
    const rhythm = [150, 200, 250, 350, 400, 450].map((y) => line(y, 0xe0e3eb));
    const rows = [line(50, 0xe0e3eb), ...rhythm, line(520, 0xe0e3eb), line(600, 0xe0e3eb)];
    expect(paneFrame(rows, labels, [], 0, 999)).toEqual({ top: null, bottom: 520 });
  });

  it('takes the fainter edge row of a grid line beyond the labels for that line, not a frame', () => {
    // c111-005 (3x): the grid line at 50 is drawn on rows 48-50, its third row fainter.
    const rows = [line(20, 0xd1d4dc), line(48, 0xe0e3eb), line(49, 0xe0e3eb), line(50, 0xeceef3), ...grid];
    expect(paneFrame(rows, labels, [], 0, 999)).toEqual({ top: 20, bottom: null });
  });
});

describe('withoutFills', () => {
  it('keeps thin lines and drops the columns of a filled band', () => {
    const width = 300;
    const height = 200;
    const bg = 0xffffff;
    const rgb = new Uint32Array(width * height).fill(bg);
    // A 1-px grid column at x = 50 and a shaded band over x = 100..199, both full height.
    for (let y = 0; y < height; y++) {
      rgb[y * width + 50] = 0xe0e3eb;
      for (let x = 100; x < 200; x++) rgb[y * width + x] = 0xeaebec;
    }
    const raster: Raster = { width, height, rgb };
    const col = (at: number, colour: number): LineRun => ({
      at,
      start: 0,
      end: height - 1,
      colour,
      dotted: false,
    });
    const lines = [col(50, 0xe0e3eb), col(100, 0xeaebec), col(140, 0xeaebec), col(199, 0xeaebec)];
    expect(withoutFills(raster, lines, false).map((g) => g.at)).toEqual([50]);
  });
});

describe('paneFrame with labels centred on the frame', () => {
  const line = (at: number, colour: number): LineRun => ({ at, start: 0, end: 999, colour, dotted: false });
  const labels = { left: 1010, top: 95, right: 1060, bottom: 505 };

  it('takes a lone axis line through the lowest label for the frame when given the label height', () => {
    // No grid rows: only the time axis's line, through the middle of the lowest label (cap 10).
    const rows = [line(501, 0x797b7f)];
    expect(paneFrame(rows, labels, [], 0, 999)).toEqual({ top: null, bottom: null });
    expect(paneFrame(rows, labels, [], 0, 999, 10)).toEqual({ top: null, bottom: 501 });
  });
});

describe('timeAxisText', () => {
  const width = 600;
  const height = 420;
  /** A background mask (1 = background) with candles in the upper plot; rectangles are ink. */
  const mask = (blocks: [number, number, number, number][]) => {
    const m = new Uint8Array(width * height).fill(1);
    for (let x = 10; x < 480; x += 9) {
      const top = 60 + ((x * 37) % 150);
      for (let y = top; y <= top + 60; y++) for (let k = 0; k < 6; k++) m[y * width + x + k] = 0;
    }
    for (const [l, t, r, b] of blocks)
      for (let y = t; y <= b; y++) for (let x = l; x <= r; x++) m[y * width + x] = 0;
    return m;
  };
  // Plot columns 0..499, price labels down to row 300, cap height 9, search from row 419 up.
  const find = (m: Uint8Array) => timeAxisText(m, width, 0, 499, 0, 300, 419, 9);

  it('finds a row of time labels below the candles', () => {
    const labels: [number, number, number, number][] = [40, 140, 240, 340, 440].map((x) => [
      x,
      380,
      x + 30,
      388,
    ]);
    // A frame row across the bottom is passed over.
    labels.push([0, 410, 499, 410]);
    expect(find(mask(labels))).toMatchObject({ top: 380, bottom: 388 });
  });

  it('does not take a lone low candle, a volume histogram or a single piece of text for it', () => {
    expect(find(mask([[200, 380, 206, 388]]))).toBeNull();
    const volume: [number, number, number, number][] = [];
    for (let x = 10; x < 480; x += 9) volume.push([x, 410 - ((x * 13) % 40) - 10, x + 5, 410]);
    expect(find(mask(volume))).toBeNull();
    expect(find(mask([[40, 380, 300, 388]]))).toBeNull();
  });
});

describe('acrossBands', () => {
  const width = 600;
  const height = 200;
  const bg = 0xffffff;
  /** Background with candles, a faint band over columns 150..349 and `edge` colour left of 40. */
  const paint = (edge: number) => {
    const rgb = new Uint32Array(width * height).fill(bg);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < 40; x++) rgb[y * width + x] = edge;
      for (let x = 150; x < 350; x++) rgb[y * width + x] = 0xeef2fd;
    }
    for (let x = 45; x < 590; x += 9) for (let y = 60; y < 120; y++) rgb[y * width + x] = 0x089981;
    const bgMask = new Uint8Array(width * height);
    rgb.forEach((c, i) => (bgMask[i] = c === bg ? 1 : 0));
    return { raster: { width, height, rgb } as Raster, bgMask };
  };

  it('carries the region over a shaded session band to the background beyond it', () => {
    const { raster, bgMask } = paint(bg);
    expect(acrossBands(raster, bgMask, bg, 0, height - 1, 350, -1)).toBe(0);
  });

  it('stops at a toolbar of another colour, and leaves out a faint one at the edge', () => {
    const dark = paint(0x2a2e39);
    expect(acrossBands(dark.raster, dark.bgMask, bg, 0, height - 1, 350, -1)).toBe(40);
    const faint = paint(0xf0f3fa);
    expect(acrossBands(faint.raster, faint.bgMask, bg, 0, height - 1, 350, -1)).toBe(40);
  });
});

describe('gridSpan', () => {
  const col = (at: number, start: number, end: number): LineRun => ({
    at,
    start,
    end,
    colour: 0x2a2e39,
    dotted: false,
  });

  it('places top and bottom from two or more distinct grid lines', () => {
    expect(gridSpan([col(100, 10, 500), col(200, 10, 500), col(300, 12, 498)], 40)).toEqual({
      start: 10,
      end: 500,
    });
  });

  it('takes the columns of one tall candle body for no grid', () => {
    expect(
      gridSpan([...[847, 848, 849, 850, 851, 852].map((at) => col(at, 406, 842)), col(853, 404, 842)], 40),
    ).toBeNull();
  });

  it('joins the upper and lower pieces of a broken grid', () => {
    const upper = [23, 145, 267, 757].map((at) => col(at, 36, 380 + (at % 9)));
    const lower = [512, 1001, 1124].map((at) => col(at, 360 + (at % 37), 692));
    expect(gridSpan([...upper, ...lower], 40)).toEqual({ start: 36, end: 692 });
    // Lines all from the top, ending early over a volume histogram: the median end.
    const early = [100, 200, 300, 400, 500].map((at, i) => col(at, 36, [600, 640, 692, 610, 620][i]!));
    expect(gridSpan(early, 40)).toEqual({ start: 36, end: 620 });
  });

  it('takes the columns of a crosshair dash, shorter than minLength, for no grid', () => {
    // d78-006: two columns of one dash (32 rows) in a region 1556 rows tall.
    const dash = [col(1085, 650, 682), col(1088, 650, 682)];
    expect(gridSpan(dash, 143)).toEqual({ start: null, end: 682 });
    expect(gridSpan(dash, 143, 0.25 * 1556)).toBeNull();
    // Grid lines as long as the plot still place it.
    expect(gridSpan([col(100, 10, 1500), col(200, 10, 1500), ...dash], 143, 0.25 * 1556)).toEqual({
      start: 10,
      end: 1500,
    });
  });

  it('places no top from lines starting below the top price label', () => {
    // Pieces of grid lines a gradient background recolours: only their lower parts were found.
    expect(gridSpan([col(100, 360, 692), col(200, 366, 692), col(300, 364, 692)], 40)).toEqual({
      start: null,
      end: 692,
    });
  });
});

describe('rowBackgrounds', () => {
  it('follows a vertical gradient background out from the dominant colour, not into a header', () => {
    const width = 400;
    const height = 300;
    const rgb = new Uint32Array(width * height);
    // A 20-row header, then a background darkening by one level every 6 rows down to #13161e
    // at row 200 and flat below; grid lines every 50 rows and candles over the rows.
    const shade = (y: number) => {
      const d = Math.max(0, Math.round((200 - y) / 6));
      return ((0x13 + d) << 16) | ((0x16 + d) << 8) | (0x1e + d);
    };
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        rgb[y * width + x] = y < 20 ? 0x0b0d12 : y % 50 === 0 ? 0x363a45 : shade(y);
    for (let x = 10; x < 390; x += 9) for (let y = 60; y < 140; y++) rgb[y * width + x] = 0x16c784;
    const rows = rowBackgrounds({ width, height, rgb }, 0x13161e);
    expect(rows[250]).toBe(0x13161e);
    expect(rows[180]).toBe(0x13161e);
    expect(rows[100]).toBe(shade(100));
    expect(rows[30]).toBe(shade(30));
    expect(rows[10]).toBe(0x13161e);
  });
});

describe('acrossPanel', () => {
  const width = 400;
  const height = 200;
  const bg = 0x000000;
  /**
   * A dark chart whose region stopped at column 220: a light panel over columns 20..219, rows
   * 0..139 (dark text in it), a candle at 4..12 left of it, candles right of it. `panelEnd`: the
   * panel's last row; `left`: how far left the background reaches.
   */
  const paint = (panelEnd: number, left = 0) => {
    const rgb = new Uint32Array(width * height).fill(bg);
    for (let y = 0; y < height; y++) for (let x = 0; x < left; x++) rgb[y * width + x] = 0x2a2e39;
    for (let y = 0; y <= panelEnd; y++) for (let x = 20; x < 220; x++) rgb[y * width + x] = 0xf0f0f0;
    for (let y = 30; y < 40; y++) for (let x = 40; x < 120; x += 3) rgb[y * width + x] = bg;
    for (let y = 50; y < 110; y++) for (let x = 4; x <= 12; x++) rgb[y * width + x] = 0xef5350;
    for (let x = 235; x < 390; x += 9) for (let y = 60; y < 150; y++) rgb[y * width + x] = 0x089981;
    const bgMask = new Uint8Array(width * height);
    rgb.forEach((c, i) => (bgMask[i] = c === bg ? 1 : 0));
    return { raster: { width, height, rgb } as Raster, bgMask };
  };

  it('carries the region across a panel over the plot to the candles beyond it', () => {
    const { raster, bgMask } = paint(139);
    expect(acrossPanel(raster, bgMask, bg, 0, height - 1, 220, -1)).toEqual({
      edge: 0,
      panel: { left: 20, right: 219, top: 0, bottom: 139 },
    });
  });

  it('stops at a full-height toolbar, and at a panel with no background beyond it', () => {
    const full = paint(height - 1);
    expect(acrossPanel(full.raster, full.bgMask, bg, 0, height - 1, 220, -1)).toBeNull();
    const edge = paint(139, 20);
    expect(acrossPanel(edge.raster, edge.bgMask, bg, 0, height - 1, 220, -1)).toBeNull();
  });
});

describe('rowsRunOnPast', () => {
  // TradingView's dark background with a session band (its tint, 10 per channel) over columns
  // 0..99, and two rows of a level line's JPEG ringing found as grid rows from column 100 on.
  const width = 300;
  const height = 120;
  const bg = 0x1e222e;
  const band = 0x282c38;
  const paint = (
    lineOverBand: (x: number) => number,
    beside: (x: number) => number = (x) => (x < 100 ? band : bg),
  ) => {
    const rgb = new Uint32Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgb[y * width + x] = beside(x);
    for (const y of [40, 45])
      for (let x = 0; x < width; x++) rgb[y * width + x] = x < 100 ? lineOverBand(x) : 0x361f19;
    return { width, at: (x: number, y: number) => rgb[y * width + x]! };
  };
  const rows: LineRun[] = [40, 45].map((at) => ({
    at,
    start: 100,
    end: width - 1,
    colour: 0x361f19,
    dotted: false,
  }));

  it('finds rows running on over a band in its tint', () => {
    expect(
      rowsRunOnPast(
        paint(() => 0x402923),
        rows,
        100,
        -1,
        0,
        height - 1,
      ),
    ).toBe(true);
  });

  it('lets rows end where they turn into the band', () => {
    expect(
      rowsRunOnPast(
        paint(() => band),
        rows,
        100,
        -1,
        0,
        height - 1,
      ),
    ).toBe(false);
  });

  it('needs a band: rows a JPEG broke off on one background, or a frame line beside them, end there', () => {
    expect(
      rowsRunOnPast(
        paint(
          () => 0x402923,
          () => bg,
        ),
        rows,
        100,
        -1,
        0,
        height - 1,
      ),
    ).toBe(false);
    const frame = (x: number) => (x === 94 ? 0xd9dee2 : bg);
    expect(
      rowsRunOnPast(
        paint(() => 0x402923, frame),
        rows,
        100,
        -1,
        0,
        height - 1,
      ),
    ).toBe(false);
  });

  it('needs two rows agreeing on the end', () => {
    expect(
      rowsRunOnPast(
        paint(() => 0x402923),
        rows.slice(0, 1),
        100,
        -1,
        0,
        height - 1,
      ),
    ).toBe(false);
  });
});

describe('bandBeyond', () => {
  // d78-001: a session band (#1c1c1d) over columns 0..99 at the image's left edge, the background
  // (#0f0f0f) from 100 on; level lines drawn across the plot, and a time-axis rule whose
  // anti-aliased second row all but vanishes in the band.
  const width = 300;
  const height = 120;
  const bg = 0x0f0f0f;
  const band = 0x1c1c1d;
  const lines = [
    { at: 40, colour: 0xc37503, over: 0xc67907 },
    { at: 60, colour: 0x7a2490, over: 0x773a9d },
    { at: 80, colour: 0x2a2e39, over: 0x2a2e39 },
    { at: 81, colour: 0x23262e, over: 0x1e1e20 },
  ];
  const paint = (overBand: boolean) => {
    const rgb = new Uint32Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgb[y * width + x] = x < 100 ? band : bg;
    for (const l of lines)
      for (let x = 0; x < width; x++)
        if (x >= 100 || overBand) rgb[l.at * width + x] = x < 100 ? l.over : l.colour;
    return { width, at: (x: number, y: number) => rgb[y * width + x]! };
  };
  const rows: LineRun[] = lines.map((l) => ({
    at: l.at,
    start: 100,
    end: width - 1,
    colour: l.colour,
    dotted: false,
  }));

  it('carries the plot over a band at the image edge where the level lines run on over it', () => {
    expect(bandBeyond(paint(true), rows, 100, -1, 0, height - 1)).toBe(0);
    // Every row must run on for a band inside the plot (rowsRunOnPast's own rule): the faint one does not.
    expect(rowsRunOnPast(paint(true), rows, 100, -1, 0, height - 1)).toBe(false);
  });

  it('leaves a toolbar at the image edge out: no line runs on over it', () => {
    expect(bandBeyond(paint(false), rows, 100, -1, 0, height - 1)).toBeNull();
  });
});
