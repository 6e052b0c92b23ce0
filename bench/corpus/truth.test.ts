import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { applyCapture, type CaptureKind } from './capture';
import { instrument } from './instruments';
import { syntheticSet } from './market-data';
import { priceToRow } from './overlay';
import { ChartRenderer, chromiumAvailable } from './renderer';
import { Rng } from './rng';
import { planSet } from './styles';
import type { ChartKind, RenderResult, RenderSpec, RendererName } from './types';

/**
 * The generator's truth must describe the pixels: every candle's wick spans exactly the rows its
 * high/low map to (within 1.5 px), its colour class matches its direction, candle spacing is
 * regular, and the scale puts the price-axis grid lines (one per labelled tick) on round prices.
 * Charts are rendered with a clean, known palette so pixels can be classified.
 */
const UP = '#0000ff';
const DOWN = '#ff0000';
const GRID = '#ff00ff';

function cleanSpec(
  renderer: RendererName,
  dpr: number,
  seed: number,
  rsiPane = false,
  kind: ChartKind = 'candles',
): RenderSpec {
  const plan = planSet(
    new Rng(seed),
    [renderer],
    {
      renderer,
      theme: 'light',
      kind,
      size: [720, 420],
      dpr,
      chrome: false,
      phone: false,
      dense: false,
      busy: false,
      axis: 'right',
      format: 'png',
      legend: 'none',
      symbol: 'EURUSD',
    },
    false,
  );
  const series = syntheticSet(new Rng(seed + 1), instrument('EURUSD'), 200);
  const spec = plan.spec('15m', series['15m'], new Rng(seed + 2));
  spec.barSpacing = 9;
  spec.clutter = {
    grid: 'horz',
    gridDotted: false,
    emas: [],
    volume: false,
    lastPriceLine: false,
    hlines: [],
    sessions: null,
    watermark: null,
    crosshair: null,
    rsiPane,
  };
  spec.palette = {
    ...spec.palette,
    bg: '#ffffff',
    bg2: '#ffffff',
    grid: GRID,
    upBody: UP,
    upBorder: UP,
    upWick: UP,
    downBody: DOWN,
    downBorder: DOWN,
    downWick: DOWN,
  };
  if (renderer === 'echarts') {
    // The plain ECharts chart: no bands, pins, legend or slider; wider bodies; its x axis line
    // (the grid's bottom edge, where the lowest split line lies) in the grid colour.
    spec.palette.border = GRID;
    spec.variant = {
      ...spec.variant,
      ecBarWidth: '70%',
      ecSplitArea: false,
      ecSlider: false,
      ecLabelsInside: false,
      ecMarkPoint: false,
      ecLegend: false,
    };
  }
  return spec;
}

interface Raster {
  width: number;
  height: number;
  data: Buffer;
}

const px = (r: Raster, x: number, y: number) => {
  const i = (y * r.width + x) * 4;
  return [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!] as const;
};
const isUp = ([r, g, b]: readonly number[]) => b! > 170 && r! < 120 && g! < 120;
const isDown = ([r, g, b]: readonly number[]) => r! > 170 && g! < 120 && b! < 120;
const isGrid = ([r, g, b]: readonly number[]) => r! > 170 && b! > 170 && g! < 120;

/**
 * Rows of the horizontal grid lines inside the plot (centre of each run of grid rows), one row
 * either side included: a line on the plot edge may straddle it after a downscale.
 */
function gridRows(img: Raster, plot: RenderResult['plot']): number[] {
  const rows: number[] = [];
  for (let y = Math.max(0, plot.top - 1); y <= Math.min(img.height - 1, plot.bottom + 1); y++) {
    let n = 0;
    let total = 0;
    for (let x = plot.left + 2; x < plot.right - 2; x++) {
      total++;
      if (isGrid(px(img, x, y))) n++;
    }
    if (n / total > 0.2) rows.push(y);
  }
  const centres: number[] = [];
  let run: number[] = [];
  for (const y of rows) {
    if (run.length && y !== run.at(-1)! + 1) {
      centres.push((run[0]! + run.at(-1)!) / 2);
      run = [];
    }
    run.push(y);
  }
  if (run.length) centres.push((run[0]! + run.at(-1)!) / 2);
  return centres;
}

/** Snap a measured tick step to the nearest 1, 2, 2.5 or 5 x 10^k. */
function niceNumber(step: number): number {
  const mag = 10 ** Math.floor(Math.log10(step));
  const best = [1, 2, 2.5, 5, 10].map((m) => m * mag).sort((a, b) => Math.abs(a - step) - Math.abs(b - step));
  return best[0]!;
}

const CASES: [RendererName, number, CaptureKind, ChartKind][] = [
  ['lwc', 1, 'none', 'candles'],
  ['lwc', 2, 'none', 'candles'],
  ['lwc', 1.5, 'none', 'candles'],
  ['mt', 1, 'none', 'candles'],
  ['mt', 2, 'none', 'candles'],
  ['broker', 1, 'none', 'candles'],
  ['broker', 3, 'none', 'candles'],
  ['lwc', 2, 'both', 'candles'],
  ['mt', 1, 'crop', 'candles'],
  ['echarts', 1, 'none', 'candles'],
  ['echarts', 2, 'none', 'candles'],
  ['echarts', 1.5, 'none', 'candles'],
  ['echarts', 3, 'none', 'candles'],
  ['echarts', 2, 'both', 'candles'],
  ['echarts', 1, 'none', 'bars'],
  ['echarts', 2, 'none', 'bars'],
];
/** With an RSI pane under the price pane: the plot and scale are the price pane's alone. */
const RSI_CASES = new Set(['lwc 1 none', 'mt 1 crop', 'echarts 2 none']);

describe.skipIf(!chromiumAvailable())('corpus truth matches the rendered pixels', () => {
  let renderer: ChartRenderer;
  beforeAll(async () => {
    renderer = await ChartRenderer.launch();
  });
  afterAll(async () => {
    await renderer?.close();
  });

  it.each(CASES)('%s at dpr %s, capture %s, %s', async (name, dpr, capture, kind) => {
    const spec = cleanSpec(name, dpr, 11, RSI_CASES.has(`${name} ${dpr} ${capture}`), kind);
    const rendered = await renderer.render(spec);
    const plan = { kind: capture, factor: 0.7 };
    const { png, result } = await applyCapture(rendered.png, rendered.result, plan, 'right', dpr, new Rng(3));
    const { data, info } = await sharp(png)
      .removeAlpha()
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const img: Raster = { width: info.width, height: info.height, data };
    const { plot, scale, candles } = result;
    expect(candles.length).toBeGreaterThan(40);

    // Regular spacing (whole-pixel rounding may move a centre by one pixel).
    const gaps = candles.slice(1).map((c, i) => c.x - candles[i]!.x);
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    for (const g of gaps) expect(Math.abs(g - median)).toBeLessThanOrEqual(1.01);

    // Each fully visible candle: coloured column from high row to low row, right colour class.
    const signed: number[] = [];
    for (const c of candles) {
      if (c.x - median / 2 < plot.left || c.x + median / 2 > plot.right) continue;
      const up = c.close >= c.open;
      const want = up ? isUp : isDown;
      let top = Infinity;
      let bottom = -Infinity;
      for (let x = Math.floor(c.x) - 1; x <= Math.ceil(c.x) + 1; x++)
        for (let y = plot.top; y <= plot.bottom; y++)
          if (want(px(img, x, y))) {
            top = Math.min(top, y);
            bottom = Math.max(bottom, y);
          }
      const dHigh = top - priceToRow(scale, c.high);
      const dLow = bottom - priceToRow(scale, c.low);
      expect(Math.abs(dHigh), `high of candle at x=${c.x}`).toBeLessThanOrEqual(1.5);
      expect(Math.abs(dLow), `low of candle at x=${c.x}`).toBeLessThanOrEqual(1.5);
      signed.push(dHigh, dLow);
    }
    expect(signed.length).toBeGreaterThan(60);
    // No systematic offset: a biased truth would eat into the reader's 1.5 px budget everywhere.
    expect(Math.abs(signed.reduce((a, b) => a + b, 0) / signed.length)).toBeLessThanOrEqual(0.5);

    // Grid lines sit on the labelled ticks: through the scale they are round prices, evenly spaced.
    const rows = gridRows(img, plot);
    // ECharts snaps its split lines to half CSS pixels (zrender's subPixelOptimize, dpr-blind),
    // so a drawn grid line may sit up to 0.5 CSS px = 0.5 * dpr image px off its exact price row.
    const gridSlack = name === 'echarts' ? 0.5 * dpr + 0.5 : 1;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const pxPerPrice = (scale.y2 - scale.y1) / (scale.p1 - scale.p2);
    const prices = rows.map((y) => scale.p1 + (y - scale.y1) / -pxPerPrice);
    const steps = prices.slice(1).map((p, i) => prices[i]! - p);
    const step = niceNumber([...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)]!);
    for (const p of prices) {
      const offGridPx = Math.abs(p / step - Math.round(p / step)) * step * pxPerPrice;
      expect(offGridPx, `grid line at price ${p}`).toBeLessThanOrEqual(gridSlack);
    }
    // Where the renderer reports its labelled ticks, each is on a grid line and on the scale.
    for (const t of result.ticks) {
      expect(Math.abs(priceToRow(scale, t.price) - t.y)).toBeLessThanOrEqual(1);
      expect(rows.some((y) => Math.abs(y - t.y) <= gridSlack)).toBe(true);
    }
  });

  it.each(['lwc', 'echarts'] as const)(
    '%s renders identically twice (deterministic corpus)',
    async (name) => {
      const spec = cleanSpec(name, 1, 5);
      const a = await renderer.render(spec);
      const b = await renderer.render(spec);
      expect(a.png.equals(b.png)).toBe(true);
      expect(a.result).toEqual(b.result);
    },
  );
});
