/**
 * Why a corpus chart was refused: the candles the reader saw before it refused, beside the truth.
 *
 *   npx tsx bench/refused-rows.ts DIR/SET TF      # e.g. /tmp/mt55j/mt55j-004-SPX-mt-dark 5m
 *
 * bench:accuracy scores a refused chart 0 and shows only the refusal's code; the continuity
 * check's "only N % open where the previous one closed" says nothing of which candles broke.
 * This reads the chart in-process with a trace (which keeps the pixel candles even when the read
 * is refused) and prints, per truth candle, its rows (high, body top, body bottom, low) by the
 * truth's own scale and the rows of the pixel candle read nearest it: a body shifted by a row or
 * two on every candle of one colour (an edge lost to JPEG), candles missing (taken as junk or
 * merged) or bodies swallowed by a wick tell the causes apart at a glance.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readChart, type ReadTrace } from '../engine/vision';
import { decodeImage } from '../adapters/node/decode-image';
import type { CorpusTimeframe } from './corpus/market-data';
import type { SetTruth } from './corpus/types';
import { barSpacing, scoredCandles } from './score';

const [setDir, tf] = process.argv.slice(2);
if (!setDir || !tf) throw new Error('usage: npx tsx bench/refused-rows.ts DIR/SET TF');
const truth = JSON.parse(readFileSync(join(setDir, 'truth.json'), 'utf8')) as SetTruth;
const chart = truth.charts[tf as CorpusTimeframe];
if (!chart) throw new Error(`no ${tf} chart in ${setDir}`);
const s = chart.scale;
const row = (p: number) => s.y1 + ((p - s.p1) * (s.y2 - s.y1)) / (s.p2 - s.p1);
const trace: ReadTrace = {};
try {
  readChart(await decodeImage(join(setDir, chart.file)), trace);
  console.log('read (not refused)');
} catch (e) {
  console.log(`refused: ${(e as { code?: string }).code ?? ''} ${(e as Error).message}`);
}
console.log(`plot read ${JSON.stringify(trace.plot)} truth ${JSON.stringify(chart.plot)}`);
const read = trace.candles ?? [];
const spacing = barSpacing(chart);
const f = (v: number) => v.toFixed(0).padStart(5);
console.log('    x  dir  | truth  high  top  bottom  low | read  high  top  bottom  low  fill dir');
for (const c of scoredCandles(chart)) {
  const k = read.reduce<(typeof read)[number] | null>(
    (b, e) => (!b || Math.abs(e.x - c.x) < Math.abs(b.x - c.x) ? e : b),
    null,
  );
  const t = [c.high, Math.max(c.open, c.close), Math.min(c.open, c.close), c.low].map((p) => f(row(p)));
  const r =
    k && Math.abs(k.x - c.x) <= spacing * 0.4
      ? `${[k.highY, k.bodyTop, k.bodyBottom, k.lowY].map(f).join('')}  f${k.fill} ${k.direction}${k.ambiguous ? ' ambiguous' : ''}`
      : '   -';
  console.log(`${f(c.x)} ${c.close >= c.open ? 'bull' : 'bear'} |${t.join('')} |${r}`);
}
