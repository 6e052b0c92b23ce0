/**
 * Chart-reader accuracy over every corpus at hand, with the shared scorer's metrics (bench/score.ts)
 * and breakdowns by renderer, style, chart kind, dpr, format, device and palette.
 *
 *   npm run bench:accuracy                      # ../shared dev sample, fixtures/charts, bench/corpus-out/*
 *   npm run bench:accuracy -- --only bench/corpus-out/big --cli   # one corpus, via bin/chart-to-plan read
 *   npm run bench:accuracy -- --limit 20        # first 20 sets of each corpus
 *   npm run bench:accuracy -- --only DIR --ocr  # with the OCR fallback, as the product reads
 *
 * In-process by default: the engine alone (readChart + adapters/node/decode-image), which is what
 * the engine's own changes are judged by. --ocr reads as `chart-to-plan read` does, and the web
 * server's analysis worker slot by slot (readWithAxisOcr: the engine, then tesseract.js on the
 * axis, title or legend where the engine could not read them), so a chart whose axis font the
 * engine's glyphs miss but the OCR reads counts as the trader gets it; slower (the OCR worker's
 * start and its reads).
 * A failed read (typed error or crash) counts as a failed chart with its reason; nothing aborts.
 * Writes the full per-chart results to bench/out/accuracy.json (with each reading's confidence and
 * warnings), and names the silent misreads: charts read at a confidence the plan trusts fully
 * with most of their candles wrong (bench/score.ts silentMisreads).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { READ_CONFIDENCE_GOOD } from '../engine/plan/weights';
import type { SetTruth } from './corpus/types';
import {
  breakdownLine,
  emptyTally,
  scoreChart,
  silentMisreads,
  SILENT_EXACT_SHARE_MAX,
  styleKey,
  type ChartResult,
  summaryLines,
  type ReadOutput,
  type Tally,
} from './score';

interface Reader {
  read(file: string): Promise<ReadOutput>;
}

async function inProcessReader(): Promise<Reader> {
  const { readChart } = await import('../engine/vision');
  const { decodeImage } = await import('../adapters/node/decode-image');
  return {
    async read(file) {
      return readChart(await decodeImage(file)) as ReadOutput;
    },
  };
}

async function inProcessOcrReader(): Promise<Reader & { close(): Promise<void> }> {
  const { decodeImage } = await import('../adapters/node/decode-image');
  const { readChartWithOcr } = await import('../adapters/node/read-with-ocr');
  const { closeSharedAxisOcr } = await import('../adapters/node/ocr-axis');
  return {
    async read(file) {
      return (await readChartWithOcr(await decodeImage(file))) as ReadOutput;
    },
    close: closeSharedAxisOcr,
  };
}

function cliReader(): Reader {
  return {
    async read(file) {
      const out = execFileSync('bin/chart-to-plan', ['read', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 60_000,
      });
      return JSON.parse(out) as ReadOutput;
    },
  };
}

function errorReason(error: unknown): string {
  const e = error as { code?: unknown; stderr?: unknown; message?: unknown };
  if (typeof e.code === 'string' && /^[A-Z_]+$/.test(e.code)) return e.code;
  const text = String(e.stderr || e.message || error);
  const code = /\[([A-Z_]+)\]/.exec(text);
  return code ? code[1]! : `crash: ${text.split('\n')[0]!.slice(0, 100)}`;
}

function corpora(only: string | undefined): string[] {
  if (only) return [only];
  const list = ['../shared/chart-corpus/dev', 'fixtures/charts'];
  if (existsSync('bench/corpus-out'))
    for (const d of readdirSync('bench/corpus-out').sort()) list.push(join('bench/corpus-out', d));
  return list.filter((d) => existsSync(join(d, 'index.json')));
}

const DIMENSIONS: [string, (s: SetTruth['style']) => string][] = [
  ['renderer', (s) => s.renderer],
  ['style', (s) => styleKey(s)],
  ['kind', (s) => s.kind ?? 'candles'],
  ['dpr', (s) => `dpr ${s.dpr}`],
  ['format', (s) => s.format ?? 'png'],
  ['device', (s) => (s.phone ? 'phone' : `${s.w}x${s.h}`)],
  ['density', (s) => (s.dense ? 'dense' : 'normal')],
  ['palette', (s) => `${s.renderer}/${s.palette ?? 'default'}`],
  ['data', (s) => s.data ?? 'synthetic'],
  ['capture', (s) => (s.capture ?? 'none').split(' ')[0]!],
  ['drawings', (s) => (s.drawings ? 'drawings' : 'none')],
];

async function main() {
  const argv = process.argv.slice(2);
  const arg = (n: string) => {
    const i = argv.indexOf(`--${n}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const limit = Number(arg('limit') ?? Infinity);
  const reader: Reader & { close?(): Promise<void> } = argv.includes('--cli')
    ? cliReader()
    : argv.includes('--ocr')
      ? await inProcessOcrReader()
      : await inProcessReader();
  const report: unknown[] = [];
  for (const dir of corpora(arg('only'))) {
    const ids = (JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as string[]).slice(0, limit);
    const total = emptyTally();
    const groups = new Map<string, Map<string, Tally>>(DIMENSIONS.map(([d]) => [d, new Map()]));
    const reasons = new Map<string, number>();
    const results: ChartResult[] = [];
    for (const id of ids) {
      const truth = JSON.parse(readFileSync(join(dir, id, 'truth.json'), 'utf8')) as SetTruth;
      for (const [tf, chart] of Object.entries(truth.charts)) {
        if (!chart) continue;
        const file = join(dir, id, chart.file);
        if (!existsSync(file)) continue;
        const targets = [total];
        for (const [d, key] of DIMENSIONS) {
          const g = groups.get(d)!;
          const k = key(truth.style);
          if (!g.has(k)) g.set(k, emptyTally());
          targets.push(g.get(k)!);
        }
        let out: ReadOutput | null = null;
        let reason: string | null = null;
        const t0 = performance.now();
        try {
          out = await reader.read(file);
        } catch (error) {
          reason = errorReason(error);
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
        const ms = performance.now() - t0;
        const t = scoreChart(truth, tf, chart, out, out ? ms : null, targets);
        report.push({
          corpus: dir,
          id,
          tf,
          reason,
          truth: t.truth,
          found: t.found,
          exact: t.exact,
          extracted: t.extracted,
          symbol: out?.symbol ?? null,
          timeframe: out?.timeframe ?? null,
          confidence: out?.confidence ?? null,
          warnings: out?.warnings ?? [],
          ms: Math.round(ms),
        });
        results.push({ id, tf, found: t.found, exact: t.exact, confidence: out?.confidence ?? null });
      }
    }
    console.log(`\n=== ${dir} (${ids.length} sets) ===`);
    for (const [d] of DIMENSIONS) {
      const g = groups.get(d)!;
      if (d !== 'renderer' && d !== 'style' && g.size < 2) continue;
      console.log(`by ${d}:`);
      for (const [k, t] of [...g.entries()].sort()) console.log(breakdownLine(k, t));
    }
    if (reasons.size) {
      console.log('failures:');
      for (const [r, n] of [...reasons.entries()].sort((a, b) => b[1] - a[1]))
        console.log(`  ${String(n).padStart(4)}  ${r}`);
    }
    for (const line of summaryLines(total)) console.log(line);
    const silent = silentMisreads(results);
    const read = results.filter((r) => r.confidence !== null).length;
    console.log(
      `silent misreads (confidence >= ${READ_CONFIDENCE_GOOD}, under ${SILENT_EXACT_SHARE_MAX * 100} % of found exact): ${silent.length} of ${read} read charts` +
        silent
          .map((r) => `\n  ${r.id} ${r.tf}: ${r.exact}/${r.found} exact, confidence ${r.confidence}`)
          .join(''),
    );
  }
  await reader.close?.();
  mkdirSync('bench/out', { recursive: true });
  writeFileSync('bench/out/accuracy.json', JSON.stringify(report, null, 1) + '\n');
}

await main();
