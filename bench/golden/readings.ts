/**
 * What the chart reader says about a screenshot, in a form that can be stored and compared byte
 * for byte: the golden readings (fixtures/golden, bench/golden/golden.ts) and the corpus-wide
 * "every reading identical" check (bench/golden/check-readings.ts) both use it.
 *
 * A screenshot's outcome is its reading, or the refusal (EngineError code, message, details), or
 * a crash (any other exception). Outcomes are written as canonical JSON: keys sorted at every
 * level (key order is not part of a reading, so a refactor that builds an object in another order
 * is no difference), numbers exactly as JSON.stringify writes them (the shortest text that parses
 * back to the same double), non-finite numbers as the strings "NaN" / "Infinity" so they stay
 * visible instead of collapsing to null. Objects and arrays whose members are all plain values sit
 * on one line (one candle per line), so a diff of a golden file reads candle by candle.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { decodeImage } from '../../adapters/node/decode-image';
import type { ChartReading } from '../../engine/vision';
import type { ChartTruth, SetTruth } from '../corpus/types';
import { scoreChart } from '../score';

export type ReadChart = (image: Awaited<ReturnType<typeof decodeImage>>) => ChartReading;

/** The reader's answer for one screenshot. */
export type Outcome =
  | { reading: ChartReading }
  | { refusal: { code: string; message: string; details: Readonly<Record<string, unknown>> } }
  | { crash: string };

/** A screenshot found under a corpus directory, with its truth when the corpus has one. */
export interface ChartImage {
  file: string;
  truth: { set: SetTruth; tf: string; chart: ChartTruth } | null;
}

const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp)$/i;

/**
 * Every screenshot under `dir`, sorted by path: the image files of any folder depth, so the same
 * call covers a corpus (DIR/index.json, DIR/<set>/truth.json, DIR/<set>/<tf>.png, as
 * bench/corpus/generate.ts writes and ../shared/chart-corpus/dev is laid out) and a plain folder of
 * screenshots (e2e/fixtures/charts). An image's truth is the chart of the truth.json beside it
 * whose `file` names it.
 */
export function listChartImages(dir: string): ChartImage[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new Error(`${dir} is not a directory of chart screenshots`);
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (IMAGE_EXTENSIONS.test(entry.name)) files.push(path);
    }
  };
  walk(dir);
  files.sort();
  const truths = new Map<string, SetTruth | null>();
  return files.map((file) => {
    const truthFile = join(dirname(file), 'truth.json');
    if (!truths.has(truthFile))
      truths.set(
        truthFile,
        existsSync(truthFile) ? (JSON.parse(readFileSync(truthFile, 'utf8')) as SetTruth) : null,
      );
    const set = truths.get(truthFile) ?? null;
    const entry = set && Object.entries(set.charts).find(([, c]) => c?.file === basename(file));
    return { file, truth: set && entry && entry[1] ? { set, tf: entry[0], chart: entry[1] } : null };
  });
}

/** Decodes `file` as the CLI and the server do, and reads it with `readChart`. */
export async function readOutcome(file: string, readChart: ReadChart): Promise<Outcome> {
  const image = await decodeImage(file);
  try {
    return { reading: readChart(image) };
  } catch (error) {
    // Matched by shape, not instanceof: a reader loaded from another checkout has its own class.
    const e = error as { name?: unknown; code?: unknown; message?: unknown; details?: unknown };
    if (e?.name === 'EngineError' && typeof e.code === 'string')
      return {
        refusal: {
          code: e.code,
          message: String(e.message),
          details: (e.details ?? {}) as Record<string, unknown>,
        },
      };
    return { crash: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** EXACT of one reading against its truth: truth candles with all four prices within 1.5 px. */
export function exactOf(outcome: Outcome, truth: NonNullable<ChartImage['truth']>) {
  const reading = 'reading' in outcome ? outcome.reading : null;
  const tally = scoreChart(truth.set, truth.tf, truth.chart, reading, null);
  return { exact: tally.exact, truth: tally.truth };
}

const isPlain = (v: unknown): boolean => v === null || typeof v !== 'object';

function scalar(v: unknown): string {
  if (typeof v === 'number' && !Number.isFinite(v)) return JSON.stringify(String(v));
  if (v === undefined) return 'null';
  return JSON.stringify(v);
}

/** Canonical JSON text of `value` (see the file comment), ending in a newline. */
export function canonicalJson(value: unknown): string {
  const write = (v: unknown, indent: string): string => {
    if (isPlain(v)) return scalar(v);
    const inner = `${indent} `;
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      if (v.every(isPlain)) return `[${v.map(scalar).join(', ')}]`;
      return `[\n${v.map((x) => inner + write(x, inner)).join(',\n')}\n${indent}]`;
    }
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined && typeof x !== 'function')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.length === 0) return '{}';
    if (entries.every(([, x]) => isPlain(x)))
      return `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${scalar(x)}`).join(', ')} }`;
    return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${write(x, inner)}`).join(',\n')}\n${indent}}`;
  };
  return write(value, '') + '\n';
}

/** Where two outcomes first part (in canonical order), and how many plain values differ in all. */
export interface Difference {
  /** e.g. `reading.candles[41].close`, or `reading` / `refusal` when one read and one refused. */
  path: string;
  before: string;
  after: string;
  count: number;
}

const short = (v: unknown): string => {
  const text = isPlain(v) ? scalar(v) : canonicalJson(v).replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** The first differing field between two canonical values, or null when they are identical. */
export function firstDifference(before: unknown, after: unknown): Difference | null {
  // Compare the canonical forms, so NaN vs "NaN" and key order never count as differences.
  const a = JSON.parse(canonicalJson(before)) as unknown;
  const b = JSON.parse(canonicalJson(after)) as unknown;
  let first: Omit<Difference, 'count'> | null = null;
  let count = 0;
  const note = (path: string, x: unknown, y: unknown) => {
    count++;
    first ??= { path, before: short(x), after: short(y) };
  };
  const visit = (x: unknown, y: unknown, path: string): void => {
    if (isPlain(x) || isPlain(y) || Array.isArray(x) !== Array.isArray(y)) {
      if (JSON.stringify(x) !== JSON.stringify(y)) note(path, x, y);
      return;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      for (let i = 0; i < Math.max(x.length, y.length); i++) {
        if (i >= x.length) note(`${path}[${i}]`, '(absent)', y[i]);
        else if (i >= y.length) note(`${path}[${i}]`, x[i], '(absent)');
        else visit(x[i], y[i], `${path}[${i}]`);
      }
      return;
    }
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(xo), ...Object.keys(yo)])].sort()) {
      const p = path ? `${path}.${k}` : k;
      if (!(k in yo)) note(p, xo[k], '(absent)');
      else if (!(k in xo)) note(p, '(absent)', yo[k]);
      else visit(xo[k], yo[k], p);
    }
  };
  visit(a, b, '');
  return first ? { ...(first as Omit<Difference, 'count'>), count } : null;
}

/** How an outcome reads in one phrase: `159 candles`, `refused NO_CHART_FOUND`, `crashed: ...`. */
export function outcomeKind(o: Outcome): string {
  if ('reading' in o) return `read ${o.reading.candles.length} candles`;
  if ('refusal' in o) return `refused ${o.refusal.code}`;
  return `crashed (${o.crash})`;
}

/**
 * The first difference between two outcomes. When one reads and the other refuses (or crashes),
 * that is the difference, said in words rather than as a missing field.
 */
export function outcomeDifference(before: Outcome, after: Outcome): Difference | null {
  const kind = (o: Outcome) => ('reading' in o ? 'reading' : 'refusal' in o ? 'refusal' : 'crash');
  if (kind(before) !== kind(after))
    return { path: 'outcome', before: outcomeKind(before), after: outcomeKind(after), count: 1 };
  return firstDifference(before, after);
}

/** One line for a difference: `reading.candles[41].close: 1.0834 -> 1.0835 (3 values differ)`. */
export function describeDifference(d: Difference): string {
  return `${d.path || '(whole outcome)'}: ${d.before} -> ${d.after}${d.count > 1 ? ` (${d.count} values differ)` : ''}`;
}
