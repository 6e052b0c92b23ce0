import {
  fallbackInstrument,
  findInstrument,
  positionSize,
  quoteToUsd,
  type Instrument,
} from '../instruments';

/**
 * Sizing and results of journal trades. The journal never sizes on its own: every lot size and
 * dollar figure comes from engine/instruments (the same code the trade plan uses), so the
 * journal, the Trade Idea card and the learning-centre calculator always agree.
 */

export type JournalDirection = 'LONG' | 'SHORT';

export interface JournalTradeInput {
  readonly symbol: string;
  readonly direction: JournalDirection;
  readonly entry: number;
  readonly stopLoss: number;
  readonly takeProfit1: number;
  readonly accountSize: number;
  readonly riskPercentage: number;
}

export interface JournalInstrument {
  readonly instrument: Instrument;
  /** False when the symbol is not in the instrument table and sizing is a best guess. */
  readonly known: boolean;
}

export interface JournalTradeSize {
  readonly instrument: Instrument;
  readonly known: boolean;
  /** True when the USD figures rest on a reference exchange rate (crosses). */
  readonly approximate: boolean;
  /** accountSize x riskPercentage / 100, to the cent. */
  readonly riskAmount: number;
  /** Lots, rounded down to the lot step. */
  readonly lotSize: number;
  readonly units: number;
  /** |takeProfit1 - entry| / |entry - stopLoss|. */
  readonly plannedRiskReward: number;
}

export interface JournalResultValue {
  readonly pnlUsd: number;
  readonly rMultiple: number;
}

/** Decimals a number is written with (1.0845 -> 4), for symbols the table does not know. */
function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const text = String(value);
  if (text.includes('e-')) return Number(text.split('e-')[1] ?? 0);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * The instrument a journal symbol names, or for an unknown symbol one inferred from the decimals
 * the trader typed (at most 5, the journal's price step), flagged as not known.
 */
export function journalInstrument(symbol: string, prices: readonly number[]): JournalInstrument {
  const known = findInstrument(symbol);
  if (known) return { instrument: known, known: true };
  const decimals = Math.min(5, Math.max(0, ...prices.map(decimalsOf)));
  return { instrument: fallbackInstrument(symbol, decimals), known: false };
}

const cents = (x: number) => Math.round(x * 100) / 100;
/** R to 4 decimals: more than anyone reads, and float noise (0.30000000000000004) gone. */
const roundR = (x: number) => Math.round(x * 10_000) / 10_000;

/** Size a journal trade with the instrument-aware position sizing (DECISIONS.md). */
export function sizeJournalTrade(trade: JournalTradeInput): JournalTradeSize {
  const { instrument, known } = journalInstrument(trade.symbol, [
    trade.entry,
    trade.stopLoss,
    trade.takeProfit1,
  ]);
  const size = positionSize({
    account: trade.accountSize,
    riskPercent: trade.riskPercentage,
    entry: trade.entry,
    stop: trade.stopLoss,
    instrument,
  });
  const risk = Math.abs(trade.entry - trade.stopLoss);
  return {
    instrument,
    known,
    approximate: size.approximate || !known,
    riskAmount: size.riskAmount,
    lotSize: size.lots,
    units: size.units,
    plannedRiskReward: roundR(Math.abs(trade.takeProfit1 - trade.entry) / risk),
  };
}

export interface ClosableTrade {
  readonly symbol: string;
  readonly direction: JournalDirection;
  readonly entry: number;
  readonly stopLoss: number;
  /** Units of the sized position (lots x contract size). */
  readonly units: number;
}

/**
 * The realised result of closing `trade` at `exitPrice`:
 * R = (exit - entry) / (entry - stop) for a LONG (mirrored for a SHORT), and P/L in USD =
 * units x price move x quote-to-USD rate, with the rate engine/instruments sized the trade with
 * (so a trade stopped out exactly at its stop loses its potentialLoss, never more).
 */
export function realisedResult(trade: ClosableTrade, exitPrice: number): JournalResultValue {
  const sign = trade.direction === 'LONG' ? 1 : -1;
  const move = sign * (exitPrice - trade.entry);
  const risk = Math.abs(trade.entry - trade.stopLoss);
  const { instrument } = journalInstrument(trade.symbol, [trade.entry, trade.stopLoss]);
  const rate = quoteToUsd(instrument, trade.entry).rate;
  return {
    pnlUsd: cents(trade.units * move * rate),
    rMultiple: risk > 0 ? roundR(move / risk) : 0,
  };
}
