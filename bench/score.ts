/**
 * The metrics of ../shared/tools/score-chart-reader.mjs, re-implemented with the same
 * definitions so bench:accuracy can score in-process and break results down further:
 *   recall / precision of candles matched by x within 0.4 bar spacing (greedy, nearest unused),
 *   OHLC error in px (price error * plot px per price), EXACT = all four within 1.5 px,
 *   direction on candles whose body is >= 2 px, symbol on the 15m chart, timeframe per chart.
 * Only truth candles fully inside the plot count (the last one may be cut by the price axis).
 */
import { READ_CONFIDENCE_GOOD } from '../engine/plan/weights';
import type { ChartTruth, SetStyle, SetTruth } from './corpus/types';

export interface ReadOutput {
  symbol?: string | null;
  timeframe?: string | null;
  candles?: { x: number; open: number; high: number; low: number; close: number }[];
  confidence?: number;
  warnings?: string[];
}

export interface Tally {
  charts: number;
  failed: number;
  truth: number;
  found: number;
  extracted: number;
  exact: number;
  dirOk: number;
  dirN: number;
  symOk: number;
  symN: number;
  tfOk: number;
  errs: number[];
  ms: number[];
}

export const emptyTally = (): Tally => ({
  charts: 0,
  failed: 0,
  truth: 0,
  found: 0,
  extracted: 0,
  exact: 0,
  dirOk: 0,
  dirN: 0,
  symOk: 0,
  symN: 0,
  tfOk: 0,
  errs: [],
  ms: [],
});

/** The shared scorer's per-style key, e.g. "tv/dark/busy/jpeg/chrome". */
export function styleKey(style: Pick<SetStyle, 'renderer' | 'theme' | 'busy' | 'format' | 'chrome'>): string {
  return `${style.renderer}/${style.theme}${style.busy ? '/busy' : ''}${style.format === 'jpeg' ? '/jpeg' : ''}${style.chrome ? '/chrome' : ''}`;
}

export function pxPerPrice(chart: ChartTruth): number {
  return (chart.scale.y2 - chart.scale.y1) / (chart.scale.p1 - chart.scale.p2);
}

export function barSpacing(chart: ChartTruth): number {
  const c = chart.candles;
  return c.length > 1 ? (c.at(-1)!.x - c[0]!.x) / (c.length - 1) : 10;
}

/** Truth candles the scorer expects to be found. */
export function scoredCandles(chart: ChartTruth): ChartTruth['candles'] {
  const spacing = barSpacing(chart);
  return chart.candles.filter(
    (c) => c.x - spacing / 2 >= chart.plot.left - 1 && c.x + spacing / 2 <= chart.plot.right + 1,
  );
}

/** Scores one chart into `into` (failed when `out` is null). Returns the chart's own tally. */
/**
 * The read candle matched to a true one at `x`: the nearest by x not matched yet (`used`, which
 * it joins), within MATCH_SPACINGS bar spacings; -1 when none is.
 */
export function matchCandle(
  read: readonly { x: number }[],
  x: number,
  spacing: number,
  used: Set<number>,
): number {
  let best = -1;
  let bd = Infinity;
  read.forEach((e, i) => {
    const d = Math.abs(e.x - x);
    if (d < bd && !used.has(i)) {
      bd = d;
      best = i;
    }
  });
  if (best < 0 || bd > spacing * MATCH_SPACINGS) return -1;
  used.add(best);
  return best;
}

/** How far (bar spacings) a read candle may stand from the true one it is matched to. */
const MATCH_SPACINGS = 0.4;

export function scoreChart(
  truth: SetTruth,
  tf: string,
  chart: ChartTruth,
  out: ReadOutput | null,
  ms: number | null,
  into: Tally[] = [],
): Tally {
  const t = emptyTally();
  t.charts = 1;
  const ppp = pxPerPrice(chart);
  const spacing = barSpacing(chart);
  const tc = scoredCandles(chart);
  t.truth = tc.length;
  if (!out) {
    t.failed = 1;
  } else {
    if (ms !== null) t.ms.push(ms);
    const ex = out.candles ?? [];
    t.extracted = ex.length;
    if (String(out.timeframe ?? '').toLowerCase() === tf) t.tfOk = 1;
    if (tf === '15m') {
      t.symN = 1;
      if ((out.symbol ?? '').replace(/[^A-Z]/gi, '').toUpperCase() === truth.symbol) t.symOk = 1;
    }
    const used = new Set<number>();
    for (const c of tc) {
      const best = matchCandle(ex, c.x, spacing, used);
      if (best < 0) continue;
      t.found++;
      const e = ex[best]!;
      const err = Math.max(
        ...(['open', 'high', 'low', 'close'] as const).map((k) => Math.abs(e[k] - c[k]) * ppp),
      );
      t.errs.push(err);
      if (err <= 1.5) t.exact++;
      if (Math.abs(c.close - c.open) * ppp >= 2) {
        t.dirN++;
        if (Math.sign(e.close - e.open) === Math.sign(c.close - c.open)) t.dirOk++;
      }
    }
  }
  for (const target of into) addTally(target, t);
  return t;
}

export function addTally(into: Tally, t: Tally): void {
  for (const k of Object.keys(into) as (keyof Tally)[]) {
    if (k === 'errs' || k === 'ms') into[k].push(...t[k]);
    else into[k] += t[k];
  }
}

export const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');

export function quantile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

/** The shared scorer's summary lines for a tally. */
export function summaryLines(t: Tally): string[] {
  return [
    `charts ${t.charts} failed ${t.failed}`,
    `recall ${pct(t.found, t.truth)} precision ${pct(t.found, t.extracted)}`,
    `ohlc max-error px: median ${quantile(t.errs, 0.5).toFixed(2)} p95 ${quantile(t.errs, 0.95).toFixed(2)}`,
    `direction ${pct(t.dirOk, t.dirN)} symbol ${pct(t.symOk, t.symN)} timeframe ${pct(t.tfOk, t.charts - t.failed)}`,
    `time per chart ms: median ${quantile(t.ms, 0.5).toFixed(0)} p95 ${quantile(t.ms, 0.95).toFixed(0)}`,
    `EXACT ${pct(t.exact, t.truth)}`,
  ];
}

/** One line of a breakdown table. */
export function breakdownLine(key: string, t: Tally): string {
  return `  ${key.padEnd(30)} exact ${pct(t.exact, t.truth).padStart(6)}  found ${pct(t.found, t.truth).padStart(6)}  failed ${t.failed}/${t.charts}`;
}

/**
 * A chart read with most of its candles wrong and nothing said about it is the worst outcome (a
 * trader trades from it): read at READ_CONFIDENCE_GOOD or more, with under this share of the
 * candles found exact. Half: a reading that is wrong more often than right.
 */
export const SILENT_EXACT_SHARE_MAX = 0.5;

export interface ChartResult {
  id: string;
  tf: string;
  found: number;
  exact: number;
  confidence: number | null;
}

/**
 * The charts read with a confidence the plan trusts fully although fewer than half of their
 * found candles are exact: what the reader's self-checks missed.
 */
export function silentMisreads(results: ChartResult[]): ChartResult[] {
  return results.filter(
    (r) =>
      r.confidence !== null &&
      r.confidence >= READ_CONFIDENCE_GOOD &&
      r.found > 0 &&
      r.exact / r.found < SILENT_EXACT_SHARE_MAX,
  );
}
