/**
 * Where a corpus's non-exact candles go wrong, over all its charts: which edge fails (high, body
 * top, body bottom, low), by how much and which way (signed px, + = the reading lower on screen),
 * and whether the fitted scale or the measured pixel row is to blame.
 *
 *   npx tsx bench/jpeg-errors.ts DIR [DIR...] [--filter ID] [--by renderer,spacing,...]
 *
 * --by takes a comma-separated list of renderer, tf, dpr, spacing, colour, kind, theme, chart
 * (renderer by default); each groups the same candles once more.
 *
 * Per truth candle matched as bench/score.ts matches (x within 0.4 bar spacing, nearest unused):
 *   err  = truth row of the read price - truth row of the true price (what the scorer sees, px)
 *   row  = the reading's own row for the read price (its priceScale) - truth row of the true price:
 *          the edge's error with the scale's offset taken out
 *   scale = err - row: the placed scale's offset at that price.
 * EXACT, "exact if scale true" and "exact if edges true" are judged field by field as the scorer
 * does (open against open: a direction read wrong is not exact), the edge tables by edge.
 * "exact if scale true" counts candles whose four `row` errors are <= 1.5 px; "exact if edges
 * true" those whose four `scale` offsets are. Edges are named by what they are on screen: bodyTop
 * is max(open, close), bodyBottom min(open, close), so a bull's close and a bear's open are one edge.
 * In-process, like bench:accuracy.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readChart } from '../engine/vision';
import type { PriceScale } from '../engine/vision';
import { decodeImage } from '../adapters/node/decode-image';
import type { ChartTruth, SetTruth } from './corpus/types';
import { barSpacing, matchCandle, scoredCandles } from './score';

const TOL = 1.5;
const EDGES = ['high', 'bodyTop', 'bodyBottom', 'low'] as const;
type Edge = (typeof EDGES)[number];

interface Group {
  candles: number;
  found: number;
  exact: number;
  exactIfScale: number;
  exactIfEdges: number;
  /** per edge: failing count, signed err histogram of failing values, row errs (all), scale errs (all) */
  fail: Record<Edge, number>;
  hist: Record<Edge, Map<number, number>>;
  rowAll: Record<Edge, number[]>;
  errAll: Record<Edge, number[]>;
  scaleAll: number[];
}

const edgeRec = <T>(f: () => T) => Object.fromEntries(EDGES.map((e) => [e, f()])) as Record<Edge, T>;
const newGroup = (): Group => ({
  candles: 0,
  found: 0,
  exact: 0,
  exactIfScale: 0,
  exactIfEdges: 0,
  fail: edgeRec(() => 0),
  hist: edgeRec(() => new Map<number, number>()),
  rowAll: edgeRec(() => [] as number[]),
  errAll: edgeRec(() => [] as number[]),
  scaleAll: [],
});

const median = (a: number[]) => {
  if (!a.length) return NaN;
  const s = [...a].sort((x, y) => x - y);
  return s[s.length >> 1]!;
};
const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / (a.length || 1);

const rowOf = (ps: PriceScale, p: number) =>
  ps.mode === 'linear' ? (p - ps.intercept) / ps.slope : (Math.log(p) - ps.intercept) / ps.slope;

const args = process.argv.slice(2);
const dirs: string[] = [];
let filter = '';
let byList = ['renderer'];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--filter') filter = args[++i]!;
  else if (args[i] === '--by') byList = args[++i]!.split(',');
  else dirs.push(args[i]!);
}
if (!dirs.length)
  throw new Error('usage: npx tsx bench/jpeg-errors.ts DIR [DIR...] [--filter ID] [--by KEY]');

const groups = new Map<string, Group>();
const total = newGroup();
const groupOf = (k: string) => {
  if (!groups.has(k)) groups.set(k, newGroup());
  return groups.get(k)!;
};

function spacingBucket(s: number): string {
  if (s < 4) return 'spacing <4';
  if (s < 7) return 'spacing 4-7';
  if (s < 12) return 'spacing 7-12';
  return 'spacing >=12';
}

for (const dir of dirs) {
  for (const set of readdirSync(dir).sort()) {
    const path = join(dir, set, 'truth.json');
    if (!existsSync(path)) continue;
    const truth = JSON.parse(readFileSync(path, 'utf8')) as SetTruth;
    for (const [tf, chart] of Object.entries(truth.charts) as [string, ChartTruth][]) {
      const id = `${set}/${tf}`;
      if (filter && !id.includes(filter)) continue;
      const s = chart.scale;
      const trueRow = (p: number) => s.y1 + ((p - s.p1) * (s.y2 - s.y1)) / (s.p2 - s.p1);
      const spacing = barSpacing(chart);
      const tcs = scoredCandles(chart);
      const st = truth.style;
      const keyBy = (by: string, c: ChartTruth['candles'][number]): string => {
        switch (by) {
          case 'tf':
            return tf;
          case 'dpr':
            return `dpr ${st.dpr}`;
          case 'spacing':
            return spacingBucket(spacing);
          case 'colour':
            return `${st.kind ?? 'candles'} ${c.close >= c.open ? 'bull' : 'bear'}`;
          case 'kind':
            return st.kind ?? 'candles';
          case 'theme':
            return `${st.renderer}/${st.theme}`;
          case 'chart':
            return id;
          default:
            return st.renderer;
        }
      };
      const keys = (c: ChartTruth['candles'][number]) => byList.map((b) => keyBy(b, c));
      let reading;
      try {
        reading = readChart(await decodeImage(join(dir, set, chart.file)));
      } catch {
        for (const c of tcs) {
          for (const k of keys(c)) groupOf(k).candles++;
          total.candles++;
        }
        continue;
      }
      const ps = reading.priceScale;
      const used = new Set<number>();
      for (const c of tcs) {
        const gs = [...keys(c).map(groupOf), total];
        for (const g of gs) g.candles++;
        const best = matchCandle(reading.candles, c.x, spacing, used);
        if (best < 0) continue;
        const e = reading.candles[best]!;
        const tv: Record<Edge, number> = {
          high: c.high,
          bodyTop: Math.max(c.open, c.close),
          bodyBottom: Math.min(c.open, c.close),
          low: c.low,
        };
        const rv: Record<Edge, number> = {
          high: e.high,
          bodyTop: Math.max(e.open, e.close),
          bodyBottom: Math.min(e.open, e.close),
          low: e.low,
        };
        // Exact as the scorer judges it: field by field (a direction read wrong is not exact).
        let maxErr = 0;
        let maxRow = 0;
        let maxScale = 0;
        for (const f of ['open', 'high', 'low', 'close'] as const) {
          const err = trueRow(e[f]) - trueRow(c[f]);
          const row = rowOf(ps, e[f]) - trueRow(c[f]);
          maxErr = Math.max(maxErr, Math.abs(err));
          maxRow = Math.max(maxRow, Math.abs(row));
          maxScale = Math.max(maxScale, Math.abs(err - row));
        }
        const per = EDGES.map((k) => ({
          k,
          err: trueRow(rv[k]) - trueRow(tv[k]),
          row: rowOf(ps, rv[k]) - trueRow(tv[k]),
        }));
        for (const g of gs) {
          g.found++;
          if (maxErr <= TOL) g.exact++;
          if (maxRow <= TOL) g.exactIfScale++;
          if (maxScale <= TOL) g.exactIfEdges++;
          g.scaleAll.push(per[0]!.err - per[0]!.row);
          for (const { k, err, row } of per) {
            g.rowAll[k].push(row);
            g.errAll[k].push(err);
            if (Math.abs(err) > TOL) {
              g.fail[k]++;
              const b = Math.max(-6, Math.min(6, Math.round(err)));
              g.hist[k].set(b, (g.hist[k].get(b) ?? 0) + 1);
            }
          }
        }
      }
    }
  }
}

const pc = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : 'n/a');
const f2 = (n: number) => (Number.isNaN(n) ? '  n/a' : n.toFixed(2).padStart(5));

function report(name: string, g: Group): void {
  console.log(
    `\n## ${name}: ${g.candles} truth candles, found ${g.found}, EXACT ${pc(g.exact, g.candles)} %` +
      ` (of found ${pc(g.exact, g.found)} %), exact if scale true ${pc(g.exactIfScale, g.found)} %,` +
      ` exact if edges true ${pc(g.exactIfEdges, g.found)} % (of found); median |scale offset| ${f2(
        median(g.scaleAll.map(Math.abs)),
      )} px`,
  );
  console.log(
    '| edge | fails (% of found) | median err | mean err | median row err | mean row err | failing err histogram (px: n) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const k of EDGES) {
    const h = [...g.hist[k].entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([b, n]) => `${b > 0 ? '+' : ''}${b}: ${n}`)
      .join(', ');
    console.log(
      `| ${k} | ${g.fail[k]} (${pc(g.fail[k], g.found)}) | ${f2(median(g.errAll[k]))} | ${f2(mean(g.errAll[k]))} | ${f2(
        median(g.rowAll[k]),
      )} | ${f2(mean(g.rowAll[k]))} | ${h} |`,
    );
  }
}

report('all', total);
for (const [k, g] of [...groups.entries()].sort()) report(k, g);
