/**
 * OCR benchmark: the purpose-built glyph recogniser (engine/vision/text) against tesseract.js
 * (LSTM, eng data from @tesseract.js-data/eng, loaded from node_modules), on
 *  1. the shared dev corpus (../shared/chart-corpus/dev): every price-axis tick label, the
 *     last-price badge and the legend/toolbar of each chart;
 *  2. synthetic labels and legends rendered in other fonts, sizes, scales, themes, badges, JPEG.
 * Prints character accuracy, exact-label accuracy, symbol/timeframe/legend-OHLC accuracy and
 * milliseconds per chart.
 *
 *   npx tsx bench/ocr.bench.ts            (add --no-tesseract to skip the comparison)
 *   npx tsx bench/ocr.bench.ts --corpus /work/corpus/c60 [--limit N] [--verbose]
 *     text only, on a generated corpus (bench/corpus): tick labels read exactly on the axis
 *     strip and symbol/timeframe from the title bands, both placed by truth.json's plot rect so
 *     that layout errors do not count as reading errors.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import type { RgbaImage } from '../engine/core/image';
import { existsSync, readFileSync } from 'node:fs';
import {
  identifyInstrument,
  identifyTitle,
  parsePriceLabel,
  readLegendOhlc,
  readText,
  readTitleTokens,
} from '../engine/vision/text';
import type { Rect, TextToken } from '../engine/vision/text/types';
import {
  axisRect,
  corpusAvailable,
  expectedAxisLabels,
  legendRect,
  listCorpus,
  type CorpusChart,
  type ExpectedLabel,
} from '../engine/vision/text/test-support/corpus';
import type { SetTruth } from './corpus/types';
import { decodeImage } from '../adapters/node/decode-image';
import { findTextLines, type TextLine } from '../engine/vision/text/segment';
import { launch } from './glyphs/render';
import { buildSynthetic, type SyntheticCase } from './glyphs/synthetic';

const withTesseract = !process.argv.includes('--no-tesseract');

function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}

class Score {
  labels = 0;
  exact = 0;
  chars = 0;
  charErrors = 0;
  failures: string[] = [];
  add(expected: string, got: string | undefined, where: string): void {
    this.labels++;
    this.chars += expected.length;
    const g = got ?? '';
    const e = Math.min(expected.length, editDistance(expected, g));
    this.charErrors += e;
    if (g === expected) this.exact++;
    else if (this.failures.length < 25) this.failures.push(`${where}: "${expected}" -> "${g}"`);
  }
  summary(): string {
    const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(2)}%`);
    return `labels exact ${this.exact}/${this.labels} (${pct(this.exact, this.labels)}), characters ${pct(this.chars - this.charErrors, this.chars)}`;
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[s.length >> 1]!;
}

function centreY(b: Rect): number {
  return (b.top + b.bottom) / 2;
}

/** The token a reading offers for an expected label: the one on the label's row. */
function tokenAt(tokens: readonly TextToken[], e: ExpectedLabel, tol: number): TextToken | undefined {
  // On a badge row, a token flagged as badge text comes first (tesseract flags nothing, so its
  // reading of the badge row is taken as is).
  const rank = (t: TextToken): number =>
    (e.badge && t.badge !== true ? 1000 : 0) + Math.abs(centreY(t.box) - e.y);
  return tokens.filter((t) => Math.abs(centreY(t.box) - e.y) <= tol).sort((a, b) => rank(a) - rank(b))[0];
}

async function cropPng(image: RgbaImage, r: Rect, scale: number): Promise<Buffer> {
  const left = Math.max(0, Math.floor(r.left));
  const top = Math.max(0, Math.floor(r.top));
  const width = Math.min(image.width, Math.ceil(r.right)) - left;
  const height = Math.min(image.height, Math.ceil(r.bottom)) - top;
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .extract({ left, top, width, height })
    .resize({ width: Math.round(width * scale), kernel: 'lanczos3' })
    .png()
    .toBuffer();
}

interface TessWord {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

async function tesseractWords(worker: Worker, png: Buffer): Promise<TessWord[]> {
  const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
  const words: TessWord[] = [];
  for (const b of data.blocks ?? [])
    for (const p of b.paragraphs)
      for (const l of p.lines) for (const w of l.words) words.push({ text: w.text, bbox: w.bbox });
  return words;
}

/** Tesseract tokens in image coordinates (its crop was scaled by `scale`). */
function tessTokens(words: TessWord[], r: Rect, scale: number): TextToken[] {
  return words.map((w) => ({
    text: w.text,
    confidence: 1,
    box: {
      left: r.left + w.bbox.x0 / scale,
      top: r.top + w.bbox.y0 / scale,
      right: r.left + w.bbox.x1 / scale,
      bottom: r.top + w.bbox.y1 / scale,
    },
  }));
}

interface ChartResult {
  axis: Score;
  badge: Score;
  symbolOk: number;
  timeframeOk: number;
  ohlcOk: number;
  ohlcShown: number;
  charts: number;
  falseLabels: number;
  ms: number[];
}

function newResult(): ChartResult {
  return {
    axis: new Score(),
    badge: new Score(),
    symbolOk: 0,
    timeframeOk: 0,
    ohlcOk: 0,
    ohlcShown: 0,
    charts: 0,
    falseLabels: 0,
    ms: [],
  };
}

function scoreChart(
  res: ChartResult,
  c: CorpusChart,
  expected: ExpectedLabel[],
  axis: TextToken[],
  legend: TextToken[],
): void {
  res.charts++;
  const tol = 4 * c.dpr;
  for (const e of expected) (e.badge ? res.badge : res.axis).add(e.text, tokenAt(axis, e, tol)?.text, c.id);
  // A token that reads as a price where no label is expected would mislead the scale fit.
  for (const t of axis) {
    if (parsePriceLabel(t.text) === null) continue;
    if (!expected.some((e) => Math.abs(centreY(t.box) - e.y) <= tol)) res.falseLabels++;
  }
  const id = identifyInstrument(legend);
  if (id.symbol === c.symbol) res.symbolOk++;
  if (id.timeframe === c.timeframe) res.timeframeOk++;
  res.ohlcShown++;
  const ohlc = readLegendOhlc(legend);
  const eq = (a: number, b: number): boolean => Math.abs(a - b) < 10 ** -(c.decimals + 1);
  if (
    ohlc &&
    eq(ohlc.open, c.lastOhlc.open) &&
    eq(ohlc.high, c.lastOhlc.high) &&
    eq(ohlc.low, c.lastOhlc.low) &&
    eq(ohlc.close, c.lastOhlc.close)
  )
    res.ohlcOk++;
}

function printChartResult(name: string, r: ChartResult): void {
  console.log(`  ${name}`);
  console.log(
    `    axis tick labels: ${r.axis.summary()}; price-like tokens where no label is: ${r.falseLabels}`,
  );
  console.log(`    last-price badges: ${r.badge.summary()}`);
  console.log(
    `    symbol ${r.symbolOk}/${r.charts}, timeframe ${r.timeframeOk}/${r.charts}, legend OHLC ${r.ohlcOk}/${r.ohlcShown}; ` +
      `ms per chart (axis strip + legend band) median ${median(r.ms).toFixed(1)}, max ${Math.max(...r.ms).toFixed(1)}`,
  );
  for (const f of [...r.axis.failures, ...r.badge.failures].slice(0, 12)) console.log(`      ${f}`);
}

async function corpusBench(worker: Worker | null): Promise<void> {
  if (!corpusAvailable()) {
    console.log('shared corpus not found: skipping corpus section');
    return;
  }
  const charts = listCorpus();
  const ours = newResult();
  const tess = newResult();
  const tessUp = newResult();
  for (const c of charts) {
    const image = await decodeImage(c.file);
    const expected = expectedAxisLabels(image, c);
    const ar = axisRect(c);
    const lr = legendRect(c);
    // Warm-up, then the median of 5 timed runs.
    let axis = readText(image, ar);
    let legend = readText(image, lr);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      axis = readText(image, ar);
      legend = readText(image, lr);
      times.push(performance.now() - t0);
    }
    ours.ms.push(median(times));
    scoreChart(ours, c, expected, axis, legend);
    if (worker) {
      for (const [res, scale] of [
        [tess, 1],
        [tessUp, 3],
      ] as const) {
        const pa = await cropPng(image, ar, scale);
        const pl = await cropPng(image, lr, scale);
        const t0 = performance.now();
        await worker.setParameters({
          tessedit_pageseg_mode: PSM.SPARSE_TEXT,
          tessedit_char_whitelist: '0123456789.,',
        });
        const aw = await tesseractWords(worker, pa);
        await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, tessedit_char_whitelist: '' });
        const lw = await tesseractWords(worker, pl);
        res.ms.push(performance.now() - t0);
        scoreChart(res, c, expected, tessTokens(aw, ar, scale), tessTokens(lw, lr, scale));
      }
    }
  }
  console.log(`\n== Shared dev corpus: ${charts.length} charts ==`);
  printChartResult('glyph recogniser (engine/vision/text)', ours);
  if (worker) {
    printChartResult('tesseract.js LSTM, crops at 1x', tess);
    printChartResult('tesseract.js LSTM, crops upscaled 3x (lanczos)', tessUp);
  }
}

async function syntheticBench(worker: Worker | null): Promise<void> {
  const browser = await launch();
  let cases: SyntheticCase[];
  try {
    cases = await buildSynthetic(browser);
  } finally {
    await browser.close();
  }
  const ours = { labels: new Score(), legends: 0, legendOk: 0, ms: [] as number[] };
  const tess = { labels: new Score(), legends: 0, legendOk: 0, ms: [] as number[] };
  const byStyle = new Map<string, Score>();
  for (const k of cases) {
    const t0 = performance.now();
    const tokens = readText(k.image, k.rect);
    ours.ms.push(performance.now() - t0);
    if (k.kind === 'label') {
      const got = tokens.map((t) => t.text).join(' ');
      ours.labels.add(k.text, got, k.style);
      const s = byStyle.get(k.style) ?? new Score();
      s.add(k.text, got, k.style);
      byStyle.set(k.style, s);
    } else {
      ours.legends++;
      const id = identifyInstrument(tokens);
      if (id.symbol === k.symbol && id.timeframe === (k.timeframe ?? null)) ours.legendOk++;
    }
    if (worker) {
      const scale = 3;
      const png = await cropPng(k.image, k.rect, scale);
      const t1 = performance.now();
      await worker.setParameters({
        tessedit_pageseg_mode: PSM.SINGLE_LINE,
        tessedit_char_whitelist: k.kind === 'label' ? '0123456789.,' : '',
      });
      const words = await tesseractWords(worker, png);
      tess.ms.push(performance.now() - t1);
      if (k.kind === 'label') tess.labels.add(k.text, words.map((w) => w.text).join(' '), k.style);
      else {
        tess.legends++;
        const id = identifyInstrument(tessTokens(words, k.rect, scale));
        if (id.symbol === k.symbol && id.timeframe === (k.timeframe ?? null)) tess.legendOk++;
      }
    }
  }
  console.log(
    `\n== Synthetic: ${cases.length} lines in ${byStyle.size} styles (6 fonts, 10.5-15 px, 1x-3x, 6 themes, badges, JPEG q70) ==`,
  );
  console.log(
    `  glyph recogniser: ${ours.labels.summary()}; legends (symbol+timeframe) ${ours.legendOk}/${ours.legends}; ms per line median ${median(ours.ms).toFixed(2)}`,
  );
  const worst = [...byStyle.entries()]
    .filter(([, s]) => s.exact < s.labels)
    .sort((a, b) => a[1].exact / a[1].labels - b[1].exact / b[1].labels);
  for (const [style, s] of worst.slice(0, 8)) console.log(`    ${style}: ${s.summary()}`);
  for (const f of ours.labels.failures.slice(0, 10)) console.log(`      ${f}`);
  if (worker) {
    console.log(
      `  tesseract.js (3x upscale, single line): ${tess.labels.summary()}; legends ${tess.legendOk}/${tess.legends}; ms per line median ${median(tess.ms).toFixed(1)}`,
    );
  }
}

/**
 * The tick-label lines of a strip that may also hold a side panel's text (a watchlist right of
 * the axis): the lines that start (right axis) or end (left axis) next to the plot, where
 * labels are aligned.
 */
function axisLines(lines: TextLine[], side: 'left' | 'right'): TextLine[] {
  if (lines.length === 0) return lines;
  const edge = (l: TextLine): number =>
    side === 'right' ? l.glyphs[0]!.left : -l.glyphs[l.glyphs.length - 1]!.right;
  const first = Math.min(...lines.map(edge));
  return lines.filter((l) => edge(l) <= first + 2 * l.capHeight);
}

const INDEX_NAMES: Record<string, string> = { SPX: 'SPX500', NDX: 'NAS100', DAX: 'GER40' };

/**
 * Text on a generated corpus: each truth tick (price at a row) must be read exactly by a token on
 * that row of the axis strip; the symbol and timeframe must come out of the title bands. Both
 * rects come from the truth plot, so this measures reading, not layout.
 */
async function generatedCorpusBench(dir: string, limit: number, verbose: boolean): Promise<void> {
  const ids = (JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as string[]).slice(0, limit);
  const groups = new Map<string, { ticks: number; read: number; charts: number; sym: number; tf: number }>();
  const add = (
    k: string,
    f: (g: { ticks: number; read: number; charts: number; sym: number; tf: number }) => void,
  ) => {
    const g = groups.get(k) ?? { ticks: 0, read: 0, charts: 0, sym: 0, tf: 0 };
    f(g);
    groups.set(k, g);
  };
  const ms: number[] = [];
  for (const id of ids) {
    const truth = JSON.parse(readFileSync(join(dir, id, 'truth.json'), 'utf8')) as SetTruth;
    const st = truth.style;
    const keys = ['all', `${st.renderer}`, `dpr ${st.dpr}`, st.format ?? 'png', `${st.renderer}/${st.theme}`];
    for (const [tf, chart] of Object.entries(truth.charts)) {
      if (!chart || !existsSync(join(dir, id, chart.file))) continue;
      const image = await decodeImage(join(dir, id, chart.file));
      const p = chart.plot;
      const axis: Rect =
        st.axis === 'left'
          ? { left: Math.max(0, p.left - 120 * st.dpr), top: p.top, right: p.left, bottom: p.bottom + 1 }
          : {
              left: p.right + 1,
              top: p.top,
              right: Math.min(image.width, p.right + 1 + 120 * st.dpr),
              bottom: p.bottom + 1,
            };
      const t0 = performance.now();
      const tokens = readText(image, axis);
      const title = readTitleTokens(image, p);
      const found = identifyTitle(image, title);
      ms.push(performance.now() - t0);
      // Renderers whose truth lists no ticks (lightweight-charts draws its own): every text line
      // of the strip must read as the price the truth scale puts at its centre.
      const { y1, p1, y2, p2 } = chart.scale;
      const ticks =
        (chart.ticks ?? []).length > 0
          ? chart.ticks!
          : axisLines(
              findTextLines(image, axis).filter((l) => !l.badge && l.glyphs.length >= 3),
              st.axis,
            ).map((l) => {
              const y = (l.top + l.bottom) / 2;
              const price = p1 + ((y - y1) * (p2 - p1)) / (y2 - y1);
              const near = tokens.find((t) => Math.abs(centreY(t.box) - y) <= 2);
              const v = near ? parsePriceLabel(near.text) : null;
              const slack = Math.abs(((p2 - p1) / (y2 - y1)) * 0.35 * l.capHeight);
              return { y, price: v !== null && Math.abs(v - price) <= slack ? v : price };
            });
      const tol = 3 * st.dpr;
      const misses: string[] = [];
      let read = 0;
      for (const tick of ticks) {
        const ok = tokens.some(
          (t) =>
            !t.badge &&
            Math.abs(centreY(t.box) - tick.y) <= tol &&
            Math.abs((parsePriceLabel(t.text) ?? NaN) - tick.price) <
              1e-9 * Math.max(1, Math.abs(tick.price)),
        );
        if (ok) read++;
        else
          misses.push(
            `${tick.price}->${
              tokens
                .filter((t) => Math.abs(centreY(t.box) - tick.y) <= tol)
                .map((t) => t.text)
                .join('|') || '∅'
            }`,
          );
      }
      // The corpus names indices by their TradingView ticker, the engine by its instrument table.
      const symOk = found.symbol === (INDEX_NAMES[truth.symbol] ?? truth.symbol);
      const tfOk = found.timeframe === tf;
      for (const k of keys)
        add(k, (g) => {
          g.ticks += ticks.length;
          g.read += read;
          g.charts++;
          if (symOk) g.sym++;
          if (tfOk) g.tf++;
        });
      if (verbose && (misses.length || !symOk || !tfOk))
        console.log(
          `${id}/${tf} ticks ${read}/${ticks.length} sym ${found.symbol}${symOk ? '' : ' ✗'} tf ${found.timeframe}${tfOk ? '' : ' ✗'}` +
            (misses.length ? `  ${misses.slice(0, 4).join(' ')}` : '') +
            (!symOk || !tfOk
              ? `  title: ${title
                  .map((t) => t.text)
                  .join(' ')
                  .slice(0, 140)}`
              : ''),
        );
    }
  }
  console.log(`\n== ${dir}: text with truth rects (${ids.length} sets) ==`);
  const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
  for (const [k, g] of [...groups.entries()].sort((a, b) =>
    a[0] === 'all' ? -1 : b[0] === 'all' ? 1 : a[0] < b[0] ? -1 : 1,
  ))
    console.log(
      `  ${k.padEnd(16)} charts ${String(g.charts).padStart(4)}  tick labels ${g.read}/${g.ticks} (${pct(g.read, g.ticks)})  symbol ${pct(g.sym, g.charts)}  timeframe ${pct(g.tf, g.charts)}`,
    );
  console.log(`  ms per chart (axis strip + title bands) median ${median(ms).toFixed(1)}`);
}

async function main(): Promise<void> {
  const corpusArg = process.argv.indexOf('--corpus');
  if (corpusArg >= 0) {
    const limitArg = process.argv.indexOf('--limit');
    const limit = limitArg >= 0 ? Number(process.argv[limitArg + 1]) : Infinity;
    await generatedCorpusBench(process.argv[corpusArg + 1]!, limit, process.argv.includes('--verbose'));
    return;
  }
  let worker: Worker | null = null;
  if (withTesseract) {
    // Language data from the npm package on disk: nothing is fetched.
    const require = createRequire(import.meta.url);
    const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
    const t0 = performance.now();
    worker = await createWorker('eng', 1, { langPath, cacheMethod: 'none', gzip: true });
    console.log(`tesseract.js worker start-up: ${(performance.now() - t0).toFixed(0)} ms`);
  }
  try {
    await corpusBench(worker);
    await syntheticBench(worker);
  } finally {
    await worker?.terminate();
  }
}

await main();
