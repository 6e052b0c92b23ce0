import { existsSync, readFileSync } from 'node:fs';
import type { Instrument } from './instruments';
import type { Rng } from './rng';

/** One bar as the renderers draw it; t = bar open time, unix seconds (UTC). */
export interface SeriesBar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

export type CorpusTimeframe = '5m' | '15m' | '4h';
export const CORPUS_TIMEFRAMES: readonly CorpusTimeframe[] = ['5m', '15m', '4h'];
const TF_SECONDS: Record<CorpusTimeframe, number> = { '5m': 300, '15m': 900, '4h': 14400 };

export type SetSeries = Record<CorpusTimeframe, SeriesBar[]>;

const roundTo = (x: number, decimals: number) => Number(x.toFixed(decimals));

/** FX trades Sunday 22:00 to Friday 22:00 UTC. */
function marketOpen(t: number): boolean {
  const d = new Date(t * 1000);
  const day = d.getUTCDay();
  const hour = d.getUTCHours();
  if (day === 6) return false;
  if (day === 5 && hour >= 22) return false;
  if (day === 0 && hour < 22) return false;
  return true;
}

/** Intraday activity: quiet Asia, busy London and New York. */
function sessionFactor(t: number): number {
  const hour = new Date(t * 1000).getUTCHours();
  if (hour >= 7 && hour < 11) return 1.35;
  if (hour >= 12 && hour < 17) return 1.5;
  if (hour >= 21 || hour < 1) return 0.55;
  return 0.8;
}

/**
 * A synthetic 5-minute series: log-price random walk with trend/range regimes, clustered
 * volatility (AR(1) log-vol), session seasonality and rare weekend gaps. Each bar is built from
 * ten sub-steps so wicks and bodies have realistic proportions; open = previous close.
 */
export function randomWalk5m(rng: Rng, inst: Instrument, count: number, endTime: number): SeriesBar[] {
  const steps = 10;
  const sigma5 = inst.dailyVol / Math.sqrt(288);
  let price = rng.range(inst.priceMin, inst.priceMax);
  const home = price;
  // Weak pull of log price towards its start (half-life ~30 trading days), so months of 5m bars
  // (needed for 900 4h bars) stay at the instrument's level while week-long trends survive.
  const homePull = Math.LN2 / (30 * 288);
  let logVol = 0;
  let drift = 0;
  let regimeLeft = 0;
  let anchor = price;
  let meanRevert = 0;
  const out: SeriesBar[] = [];
  // Walk back from endTime to find `count` open-market bar times.
  const times: number[] = [];
  for (let t = endTime; times.length < count; t -= 300) if (marketOpen(t)) times.push(t);
  times.reverse();
  let prevT = (times[0] ?? endTime) - 300;
  for (const t of times) {
    if (regimeLeft <= 0) {
      regimeLeft = rng.int(40, 400);
      const kind = rng.next();
      drift = kind < 0.35 ? rng.range(0.02, 0.08) : kind < 0.7 ? -rng.range(0.02, 0.08) : 0;
      meanRevert = drift === 0 ? rng.range(0.002, 0.02) : 0;
      anchor = price;
    }
    regimeLeft--;
    if (t - prevT > 3600 && rng.chance(0.6)) price *= 1 + rng.normal() * sigma5 * rng.range(2, 6);
    prevT = t;
    logVol = 0.985 * logVol + 0.12 * rng.normal();
    const sigma = sigma5 * Math.exp(Math.max(-1.2, Math.min(1.6, logVol))) * sessionFactor(t);
    const stepSigma = sigma / Math.sqrt(steps);
    const o = price;
    let h = o;
    let l = o;
    for (let s = 0; s < steps; s++) {
      const pull = meanRevert * Math.log(anchor / price);
      const homeward = -homePull * Math.log(price / home);
      price *= Math.exp((drift * sigma) / steps + (pull + homeward) / steps + stepSigma * heavyTail(rng));
      h = Math.max(h, price);
      l = Math.min(l, price);
    }
    out.push(
      roundBar(
        { t, o, h, l, c: price, v: Math.round(rng.range(200, 1200) * sessionFactor(t) * Math.exp(logVol)) },
        inst.decimals,
      ),
    );
  }
  return out;
}

/** Student-t-like tails: occasional large moves without exploding the walk. */
function heavyTail(rng: Rng): number {
  const n = rng.normal();
  return rng.chance(0.03) ? n * 2.5 : n;
}

function roundBar(b: SeriesBar, decimals: number): SeriesBar {
  const o = roundTo(b.o, decimals);
  const c = roundTo(b.c, decimals);
  return {
    t: b.t,
    o,
    c,
    h: Math.max(roundTo(b.h, decimals), o, c),
    l: Math.min(roundTo(b.l, decimals), o, c),
    v: b.v,
  };
}

/** Aggregate bars into buckets of `seconds` aligned to UTC multiples (4h bars start at 0,4,8.. UTC). */
export function aggregate(bars: readonly SeriesBar[], seconds: number): SeriesBar[] {
  const out: SeriesBar[] = [];
  for (const b of bars) {
    const bucket = Math.floor(b.t / seconds) * seconds;
    const last = out.at(-1);
    if (last && last.t === bucket) {
      last.h = Math.max(last.h, b.h);
      last.l = Math.min(last.l, b.l);
      last.c = b.c;
      last.v += b.v;
    } else out.push({ ...b, t: bucket });
  }
  return out;
}

/** Synthetic set: one 5m walk aggregated to 15m and 4h, so the three charts agree like real data. */
export function syntheticSet(rng: Rng, inst: Instrument, barsPerTf: number): SetSeries {
  const end =
    Math.floor(rng.range(Date.UTC(2023, 0, 1), Date.UTC(2025, 9, 1)) / 1000 / 14400) * 14400 + 14400 - 300;
  const base = randomWalk5m(rng, inst, barsPerTf * 48 + 96, end);
  return {
    '5m': base.slice(-barsPerTf),
    '15m': aggregate(base, TF_SECONDS['15m']).slice(-barsPerTf),
    '4h': aggregate(base, TF_SECONDS['4h']).slice(-barsPerTf),
  };
}

export const REAL_EURUSD_CSV = new URL(
  '../../../shared/reference/smc-eurusd/EURUSD_15M.csv',
  import.meta.url,
);

let realCache: SeriesBar[] | null | undefined;

/** Real EURUSD 15m bars from ../shared (absent in a user's clone: returns null). */
export function loadRealEurusd15m(): SeriesBar[] | null {
  if (realCache !== undefined) return realCache;
  if (!existsSync(REAL_EURUSD_CSV)) return (realCache = null);
  const lines = readFileSync(REAL_EURUSD_CSV, 'utf8').trim().split('\n').slice(1);
  realCache = lines.map((line) => {
    const [date, o, h, l, c, tickvol] = line.split(',');
    const [ymd = '', hms = ''] = (date ?? '').split(' ');
    const t = Date.parse(`${ymd.replaceAll('.', '-')}T${hms}Z`) / 1000;
    return { t, o: Number(o), h: Number(h), l: Number(l), c: Number(c), v: Number(tickvol) };
  });
  return realCache;
}

/**
 * Real-data set: a 15m slice of the real EURUSD file, its 4h aggregation, and 5m bars made by
 * splitting each real 15m bar into three sub-bars that aggregate back to it exactly (the file
 * has no 5m data; this keeps real price structure on the 5m chart).
 */
export function realSet(
  rng: Rng,
  real15: readonly SeriesBar[],
  barsPerTf: number,
  decimals: number,
): SetSeries {
  const need15 = barsPerTf * 16 + 64;
  const end = rng.int(Math.min(need15, real15.length - 1), real15.length - 1);
  const slice = real15.slice(Math.max(0, end - need15), end + 1);
  const last15 = slice.slice(-Math.ceil(barsPerTf / 3) - 1);
  const fives = last15.flatMap((b) => splitBar(rng, b, decimals));
  return {
    '5m': fives.slice(-barsPerTf),
    '15m': slice.slice(-barsPerTf),
    '4h': aggregate(slice, TF_SECONDS['4h']).slice(-barsPerTf),
  };
}

/** Three 5m bars whose aggregate is exactly `b` (open, then both extremes in random order, then close). */
function splitBar(rng: Rng, b: SeriesBar, decimals: number): SeriesBar[] {
  const highFirst = rng.chance(0.5);
  const e1 = highFirst ? b.h : b.l;
  const e2 = highFirst ? b.l : b.h;
  const between = (a: number, z: number) => roundTo(a + (z - a) * rng.range(0.2, 0.8), decimals);
  const c1 = between(b.o, e1);
  const c2 = between(e1, e2);
  const mk = (t: number, o: number, c: number, x: number, v: number): SeriesBar => ({
    t,
    o,
    c,
    h: Math.max(o, c, x),
    l: Math.min(o, c, x),
    v,
  });
  const v = Math.max(1, Math.round(b.v / 3));
  return [mk(b.t, b.o, c1, e1, v), mk(b.t + 300, c1, c2, e2, v), mk(b.t + 600, c2, b.c, c2, v)];
}
