// Walk-forward backtest of the trade-plan rules on a year of real EURUSD 15-minute bars
// (../shared/reference/smc-eurusd/EURUSD_15M.csv): the planner sees three "screenshots" at each
// step and the plans it gives are followed bar by bar (engine/backtest). docs/backtest.md explains
// the method and the figures.
//   npm run bench:backtest [-- --csv PATH] [-- --write]   (--write updates engine/backtest/figures.json)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { format, resolveConfig } from 'prettier';
import { parseOhlcCsv } from '../adapters/node/parse-ohlc-csv';
import { CONFIDENCE_BUCKETS, type BacktestReport } from '../engine/backtest/figures';
import type { SimBar } from '../engine/backtest/simulate';
import { summarise, type BacktestFigures } from '../engine/backtest/stats';
import { walkForward, type WalkedPlan, type WalkSettings } from '../engine/backtest/walk';
import { findInstrument } from '../engine/instruments';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const csvArg = args.indexOf('--csv');
const csv =
  csvArg >= 0 && args[csvArg + 1]
    ? args[csvArg + 1]!
    : join(root, '..', 'shared', 'reference', 'smc-eurusd', 'EURUSD_15M.csv');
const write = args.includes('--write');

if (!existsSync(csv)) {
  console.log(
    `bench:backtest: ${csv} not found. The project keeps no real price data of its own; the backtest runs ` +
      'where ../shared/reference/smc-eurusd/ is present (or pass --csv PATH to a 15-minute OHLC CSV). Nothing to measure.',
  );
  process.exit(0);
}

const SYMBOL = 'EURUSD';
const instrument = findInstrument(SYMBOL)!;
/** A screenshot shows about this many candles (median of the chart corpus' 36 charts: 149). */
const BARS_PER_CHART = 150;
/** Plan after every 15m bar: a step costs about 2 ms, so the whole year takes under a minute on 2 cores. */
const STEP_BARS = 1;
/** A typical retail EURUSD spread outside news; the file's own Spread column is 0 for most of the year. */
const SPREAD_PIPS = 0.8;
/** An unfilled limit is cancelled after 24 bars of the entry chart (6 hours of 15m, about one session). */
const EXPIRY_BARS = 24;
/** The plan's management text: "close half there and move the stop on the rest to break-even". */
const PARTIAL_AT_TP1 = 0.5;
/** Share of the data (by time) where any weight tuning may happen; the rest is held back. */
const TUNING_MONTHS = 8;

/** "2022.10.10 00:15:00" (MetaTrader export, the broker's clock) as epoch ms on a UTC clock. */
function barTime(text: string | number | undefined, row: number): number {
  const m = /^(\d{4})[.-](\d{2})[.-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(String(text ?? ''));
  if (!m) throw new Error(`Row ${row + 2}: the date "${text}" is not YYYY.MM.DD HH:MM[:SS].`);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
}

const bars: SimBar[] = parseOhlcCsv(readFileSync(csv, 'utf8')).map((b, i) => ({
  time: barTime(b.time, i),
  open: b.open,
  high: b.high,
  low: b.low,
  close: b.close,
}));
const day = (t: number) => new Date(t).toISOString().slice(0, 10);
const first = bars[0]!.time;
const last = bars.at(-1)!.time;
const splitDate = new Date(first);
splitDate.setUTCMonth(splitDate.getUTCMonth() + TUNING_MONTHS);
const split = bars.findIndex((b) => b.time >= splitDate.getTime());

const settings: Omit<WalkSettings, 'from' | 'to'> = {
  symbol: SYMBOL,
  barsPerChart: BARS_PER_CHART,
  step: STEP_BARS,
  timeframes: {
    '5m': { minutes: 15, label: '15m' },
    '15m': { minutes: 60, label: '1h' },
    '4h': { minutes: 240, label: '4h' },
  },
  expiryBars: EXPIRY_BARS,
  spread: SPREAD_PIPS * instrument.pipSize,
  partialAtTp1: PARTIAL_AT_TP1,
};

console.log(`bench:backtest  ${csv}`);
console.log(
  `  data: ${SYMBOL} ${bars.length} bars of 15m, ${day(first)} to ${day(last)}; resampled to 1h and 4h.\n` +
    `  The planner's 5m / 15m / 4h charts are given 15m / 1h / 4h bars (the data has no 5m).\n` +
    `  Each step: the last ${BARS_PER_CHART} bars of each timeframe, the 1h and 4h bar still forming, as screenshots show them;\n` +
    `  a step every ${STEP_BARS} bar(s) of 15m. Spread ${SPREAD_PIPS} pip, no slippage, no commission.\n` +
    `  Orders: limit at the entry (market plans fill at the next open); an unfilled limit is cancelled after ${EXPIRY_BARS} bars\n` +
    `  (${(EXPIRY_BARS * 15) / 60} h) or when price reaches TP1 first; stop first when a bar touches the stop and a target;\n` +
    `  at TP1 ${PARTIAL_AT_TP1 * 100}% is closed and the stop on the rest moves to break-even; the rest runs to TP2.`,
);

const t0 = performance.now();
let lastShown = t0;
const onStep = (t: number) => {
  const now = performance.now();
  if (now - lastShown > 15_000) {
    lastShown = now;
    process.stderr.write(`  ... ${day(bars[t]!.time)} (${((now - t0) / 1000).toFixed(0)} s)\n`);
  }
};
const tuning = walkForward(bars, { ...settings, to: split, onStep });
const heldBack = walkForward(bars, { ...settings, from: split, onStep });
const seconds = (performance.now() - t0) / 1000;

const pct = (x: number | null) => (x === null ? '   -' : `${(x * 100).toFixed(0).padStart(3)}%`);
const r = (x: number | null) => (x === null ? '    -' : `${x >= 0 ? '+' : ''}${x.toFixed(2)}`.padStart(6));
const interval = (x: readonly [number, number] | null) =>
  (x === null ? '' : `[${r(x[0]).trim()}, ${r(x[1]).trim()}]`).padEnd(14);
const pf = (x: number | null) => (x === null ? '   -' : x.toFixed(2).padStart(5));

function byBucket(plans: readonly WalkedPlan[], barsWalked: number): Record<string, BacktestFigures> {
  return Object.fromEntries(
    CONFIDENCE_BUCKETS.map((b) => [
      b.label,
      summarise(
        plans.filter((p) => p.confidence >= b.min && p.confidence <= b.max),
        barsWalked,
      ),
    ]),
  );
}

function table(title: string, rows: [string, BacktestFigures][]) {
  console.log(`\n  ${title}`);
  console.log(
    '    group            plans  /1000 bars  filled  fill   TP1 first  win TP1  avg R  (90% interval)  exp/plan  total R  max DD R  PF',
  );
  for (const [name, f] of rows) {
    console.log(
      `    ${name.padEnd(16)} ${String(f.plans).padStart(5)}  ${f.plansPer1000Bars.toFixed(1).padStart(10)}  ${String(f.filled).padStart(6)}  ${pct(f.fillRate)}  ${String(f.reachedTp1).padStart(9)}  ${pct(f.winRateTp1).padStart(7)}  ${r(f.averageR)}  ${interval(f.averageRInterval)}  ${r(f.expectancyPerPlanR).padStart(8)}  ${r(f.totalR).padStart(7)}  ${f.maxDrawdownR.toFixed(2).padStart(8)}  ${pf(f.profitFactor)}`,
    );
  }
}

type Part = BacktestReport['parts'][number];
function part(
  name: Part['name'],
  from: number,
  to: number,
  plans: readonly WalkedPlan[],
  barsWalked: number,
  watchesGiven: number,
): Part {
  const trade = plans.filter((p) => p.source === 'tradePlan');
  const watched = plans.filter((p) => p.source === 'setupToWatch');
  return {
    name,
    from: day(from),
    to: day(to),
    all: summarise(trade, barsWalked),
    byConfidence: byBucket(trade, barsWalked),
    setupsToWatch: {
      given: watchesGiven,
      all: summarise(watched, barsWalked),
      byConfidence: byBucket(watched, barsWalked),
    },
  };
}

function report(p: Part, plans: readonly WalkedPlan[], barsWalked: number, steps: string, voids: number) {
  const trade = plans.filter((x) => x.source === 'tradePlan');
  const watch = plans.filter((x) => x.source === 'setupToWatch');
  const inBucket = (b: (typeof CONFIDENCE_BUCKETS)[number]) => (x: WalkedPlan) =>
    x.confidence >= b.min && x.confidence <= b.max;
  const rows: [string, BacktestFigures][] = [
    ['all trade plans', summarise(trade, barsWalked)],
    // A trade needs 75% or more: the lower buckets hold no trade plans.
    ...CONFIDENCE_BUCKETS.filter((b) => b.min >= 75).map((b): [string, BacktestFigures] => [
      `  conf ${b.label}%`,
      summarise(trade.filter(inBucket(b)), barsWalked),
    ]),
    [
      '  limit entries',
      summarise(
        trade.filter((x) => x.entryType === 'limit'),
        barsWalked,
      ),
    ],
    [
      '  market entries',
      summarise(
        trade.filter((x) => x.entryType === 'market'),
        barsWalked,
      ),
    ],
    [
      '  longs',
      summarise(
        trade.filter((x) => x.direction === 'LONG'),
        barsWalked,
      ),
    ],
    [
      '  shorts',
      summarise(
        trade.filter((x) => x.direction === 'SHORT'),
        barsWalked,
      ),
    ],
  ];
  if (watch.length) {
    rows.push(['setups triggered', summarise(watch, barsWalked)]);
    for (const b of CONFIDENCE_BUCKETS) {
      const inside = watch.filter(inBucket(b));
      if (inside.length) rows.push([`  if-trig ${b.label}%`, summarise(inside, barsWalked)]);
    }
  }
  table(`${p.name} part, plans made ${p.from} to ${p.to} (${barsWalked} bars of 15m walked; ${steps})`, rows);
  console.log(
    p.setupsToWatch.given
      ? `    setups to watch: ${p.setupsToWatch.given} given; ${watch.length} triggered (a trade plan on their zone came within ${EXPIRY_BARS} bars)\n` +
          `    and were placed with their own levels (at the market within half a stop distance of the entry, else a limit)${voids ? `, ${voids} more triggered with price already past their TP1 or stop` : ''}.`
      : '    setups to watch: none given (this planner returns no conditional plans).',
  );
  const cancelled = plans.filter((x) => x.outcome.kind === 'cancelled');
  const why = (reason: string) =>
    cancelled.filter((x) => x.outcome.kind === 'cancelled' && x.outcome.reason === reason).length;
  const stale = trade.filter((x) => (x.direction === 'LONG' ? 1 : -1) * (x.priceAtPlan - x.tp1) >= 0).length;
  console.log(
    `    unfilled: ${why('tp1-before-fill')} TP1 reached first, ${why('expired')} expired, ${why('end-of-data')} at the end of the data;\n` +
      `    ${stale} of ${trade.length} trade plans were stale when given (the price had already passed TP1).`,
  );
}

const steps = (w: typeof tuning) =>
  `${w.steps} steps, ${w.stepsWithOrders} with a trade plan, ${w.repeats} of those repeating a live or spent idea, ${w.refusals} refused by the engine`;
const tuningPart = part(
  'tuning',
  bars[tuning.barsWalked ? split - tuning.barsWalked : 0]!.time,
  bars[split - 1]!.time,
  tuning.plans,
  tuning.barsWalked,
  tuning.watches,
);
const heldPart = part(
  'held-back',
  bars[split]!.time,
  last,
  heldBack.plans,
  heldBack.barsWalked,
  heldBack.watches,
);
const allPlans = [...tuning.plans, ...heldBack.plans];
const yearBars = tuning.barsWalked + heldBack.barsWalked;
const yearPart = part(
  'year',
  bars[split - tuning.barsWalked]!.time,
  last,
  allPlans,
  yearBars,
  tuning.watches + heldBack.watches,
);
report(tuningPart, tuning.plans, tuning.barsWalked, steps(tuning), tuning.voidAtTrigger);
report(heldPart, heldBack.plans, heldBack.barsWalked, steps(heldBack), heldBack.voidAtTrigger);
report(yearPart, allPlans, yearBars, 'both parts', tuning.voidAtTrigger + heldBack.voidAtTrigger);
console.log(
  `\n  No weight was tuned for this run: the planner's weights are as committed (engine/plan/weights.ts).` +
    `\n  ${seconds.toFixed(0)} s on ${cpus().length} cores.`,
);

if (write) {
  const out: BacktestReport = {
    generatedBy: 'npm run bench:backtest -- --write',
    data: {
      symbol: SYMBOL,
      from: day(first),
      to: day(last),
      bars: bars.length,
      slots: { '5m': '15m', '15m': '1h', '4h': '4h' },
    },
    assumptions: {
      barsPerChart: BARS_PER_CHART,
      stepBars: STEP_BARS,
      spreadPips: SPREAD_PIPS,
      expiryBars: EXPIRY_BARS,
      partialAtTp1: PARTIAL_AT_TP1,
    },
    parts: [tuningPart, heldPart, yearPart],
    caveat:
      `One pair (${SYMBOL}), one year, 15m/1h/4h bars in place of 5m/15m/4h, a fixed ${SPREAD_PIPS}-pip spread, ` +
      'no slippage or commission, every plan followed exactly; past results do not predict future ones.',
  };
  const path = join(root, 'engine', 'backtest', 'figures.json');
  // Written as the formatter would write it, so `npm run lint` passes on a fresh run.
  const options = { ...(await resolveConfig(path)), filepath: path };
  writeFileSync(path, await format(JSON.stringify(out), options));
  console.log(`  wrote ${path}`);
}
