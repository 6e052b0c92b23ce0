/**
 * Where a corpus chart's price errors come from: the fitted scale or the candle edges.
 *
 *   npx tsx bench/scale-vs-edges.ts DIR [ID_FILTER]     # a generated corpus (index.json, <id>/truth.json)
 *
 * One line per chart: exact / found candles; the placed scale's offset from the truth at the plot's
 * top and bottom price (px, + = the reading puts a price lower on screen); per field the median
 * signed error of the reading (price error in px) and of its pixel rows alone (the row the reader
 * measured minus the truth's row, scale aside): a chart whose four fields are off alike and whose
 * rows are right has a scale offset; rows off with the scale right are an edge bias. Then how many
 * non-exact candles each field was the worst of, the fit's residual, the confidence and the labels.
 * In-process, like bench:accuracy; matches candles as bench/score.ts does.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readChart } from '../engine/vision';
import type { ReadTrace } from '../engine/vision';
import type { PriceScale } from '../engine/vision';
import { decodeImage } from '../adapters/node/decode-image';
import type { ChartTruth, SetTruth } from './corpus/types';
import { barSpacing, matchCandle, scoredCandles } from './score';

const FIELDS = ['open', 'high', 'low', 'close'] as const;

const median = (a: number[]) => {
  if (!a.length) return NaN;
  const s = [...a].sort((x, y) => x - y);
  return s[s.length >> 1]!;
};

const rowOf = (ps: PriceScale, p: number) =>
  ps.mode === 'linear' ? (p - ps.intercept) / ps.slope : (Math.log(p) - ps.intercept) / ps.slope;

async function chartLine(dir: string, set: string, chart: ChartTruth): Promise<string> {
  const s = chart.scale;
  const trueRow = (p: number) => s.y1 + ((p - s.p1) * (s.y2 - s.y1)) / (s.p2 - s.p1);
  let reading;
  const trace: ReadTrace = {};
  try {
    reading = readChart(await decodeImage(join(dir, set, chart.file)), trace);
  } catch (e) {
    return `FAIL ${(e as { code?: string }).code ?? String(e)}`;
  }
  const ps = reading.priceScale;
  const top = rowOf(ps, s.p1) - trueRow(s.p1);
  const bottom = rowOf(ps, s.p2) - trueRow(s.p2);
  const spacing = barSpacing(chart);
  const used = new Set<number>();
  const errs = { open: [] as number[], high: [] as number[], low: [] as number[], close: [] as number[] };
  const rows = { open: [] as number[], high: [] as number[], low: [] as number[], close: [] as number[] };
  const worst = { open: 0, high: 0, low: 0, close: 0 };
  let found = 0;
  let exact = 0;
  for (const c of scoredCandles(chart)) {
    const best = matchCandle(reading.candles, c.x, spacing, used);
    if (best < 0) continue;
    found++;
    const e = reading.candles[best]!;
    let max = 0;
    let worstField: (typeof FIELDS)[number] = 'open';
    for (const k of FIELDS) {
      const err = trueRow(e[k]) - trueRow(c[k]);
      errs[k].push(err);
      rows[k].push(rowOf(ps, e[k]) - trueRow(c[k]));
      if (Math.abs(err) > max) [max, worstField] = [Math.abs(err), k];
    }
    if (max <= 1.5) exact++;
    else worst[worstField]++;
  }
  const f = (n: number) => n.toFixed(2).padStart(5);
  const fields = FIELDS.map((k) => `${k[0]!.toUpperCase()} ${f(median(errs[k]))}/${f(median(rows[k]))}`);
  return [
    `${String(exact).padStart(4)}/${String(found).padStart(4)}`,
    `scale top ${f(top)} bottom ${f(bottom)}`,
    ...fields,
    `worst O${worst.open} H${worst.high} L${worst.low} C${worst.close}`,
    `residual ${ps.residualPx.toFixed(2)} confidence ${reading.confidence.toFixed(2)} labels ${ps.labels.length}`,
    `check ${(trace.scaleCheck ?? []).map((d) => `${d.source} ${d.px.toFixed(2)}`).join(', ')}`,
  ].join('  ');
}

const [dir, filter] = process.argv.slice(2);
if (!dir) throw new Error('usage: npx tsx bench/scale-vs-edges.ts DIR [ID_FILTER]');
console.log('chart  exact/found  scale offset (px)  field: median error px / median row error px  ...');
for (const set of readdirSync(dir).sort()) {
  const path = join(dir, set, 'truth.json');
  if (!existsSync(path)) continue;
  const truth = JSON.parse(readFileSync(path, 'utf8')) as SetTruth;
  for (const [tf, chart] of Object.entries(truth.charts)) {
    const id = `${set}/${tf}`;
    if (filter && !id.includes(filter)) continue;
    console.log(`${id.padEnd(44)} ${await chartLine(dir, set, chart)}`);
  }
}
