import type { Figure } from '../content/types';

/** Layout of a drawn chart: plot box in SVG units and the two mappings into it. */
export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly plot: {
    readonly left: number;
    readonly right: number;
    readonly top: number;
    readonly bottom: number;
  };
  /** Centre x of bar `i`. */
  readonly x: (bar: number) => number;
  readonly y: (price: number) => number;
  /** Horizontal space per bar. */
  readonly slot: number;
  readonly bodyWidth: number;
  readonly min: number;
  readonly max: number;
  readonly ticks: readonly number[];
  readonly precision: number;
}

type Priced = Pick<Figure, 'candles' | 'zones' | 'levels' | 'callouts' | 'arrows' | 'series'>;

/** Every price the figure draws, so zones and labels never fall outside the plot. */
function priceExtent(f: Priced): [number, number] {
  const prices: number[] = [];
  for (const c of f.candles) prices.push(c.high, c.low);
  for (const z of f.zones ?? []) prices.push(z.top, z.bottom);
  for (const l of f.levels ?? []) prices.push(l.price);
  for (const c of f.callouts ?? []) prices.push(c.price);
  for (const a of f.arrows ?? []) prices.push(a.from.price, a.to.price);
  for (const line of f.series ?? []) prices.push(...line.values.filter(Number.isFinite));
  return [Math.min(...prices), Math.max(...prices)];
}

/** 1, 2 or 5 times a power of ten: tick spacings a trader reads at a glance. */
export function niceStep(rough: number): number {
  const pow = 10 ** Math.floor(Math.log10(rough));
  const m = rough / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * pow;
}

export function chartLayout(
  f: Priced,
  opts: { width: number; height: number; marginLeft?: number; marginRight?: number; precision?: number },
): ChartLayout {
  const { width, height } = opts;
  const plot = {
    left: opts.marginLeft ?? 8,
    right: width - (opts.marginRight ?? 64),
    top: 26,
    bottom: height - 28,
  };
  const [lo, hi] = priceExtent(f);
  const pad = (hi - lo) * 0.04 || Math.abs(hi) * 0.001 || 1;
  const min = lo - pad;
  const max = hi + pad;
  const n = Math.max(1, f.candles.length);
  const slot = (plot.right - plot.left) / n;
  const step = niceStep((max - min) / 5);
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max; t += step) ticks.push(Number(t.toFixed(10)));
  return {
    width,
    height,
    plot,
    slot,
    bodyWidth: Math.max(2, Math.min(slot * 0.62, 48)),
    x: (bar) => plot.left + slot * (bar + 0.5),
    y: (price) => plot.top + ((max - price) / (max - min)) * (plot.bottom - plot.top),
    min,
    max,
    ticks,
    precision: opts.precision ?? 5,
  };
}
