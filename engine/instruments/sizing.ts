import { EngineError } from '../core/errors';
import { quoteToUsd as resolveQuoteToUsd, type QuoteToUsdSource } from './quote-to-usd';
import type { Instrument } from './table';

export interface PositionSizeInput {
  /** Account balance in USD. */
  readonly account: number;
  /** Percent of the account to risk on the trade (2 = 2%). */
  readonly riskPercent: number;
  readonly entry: number;
  readonly stop: number;
  readonly instrument: Instrument;
  /**
   * US dollars per unit of the quote currency when the caller knows it (a live rate). Left out,
   * it is 1 for USD-quoted instruments, 1/entry for USD/XXX pairs and a dated reference rate for
   * crosses (flagged `approximate`).
   */
  readonly quoteToUsd?: number;
}

export interface PositionSize {
  readonly symbol: string;
  readonly direction: 'long' | 'short';
  /** account x risk% / 100, in USD: the most the trade may lose. */
  readonly riskAmount: number;
  /** |entry - stop| in price units. */
  readonly stopDistance: number;
  /** The same distance in pips (points for indices). */
  readonly stopPips: number;
  /** Units that would risk exactly riskAmount (before rounding to the lot step). */
  readonly unitsExact: number;
  /** Lots that would risk exactly riskAmount (before rounding). */
  readonly lotsExact: number;
  /** Lots rounded DOWN to the broker's step (0.01), so the trade never risks more than asked. */
  readonly lots: number;
  /** Units of the base (currency, ounces, index units) in the rounded lot size. */
  readonly units: number;
  /** USD value of a one-pip move for one standard lot. */
  readonly pipValuePerLot: number;
  /** USD value of a one-pip move for the rounded position. */
  readonly pipValue: number;
  /** USD lost if the stop is hit, from the rounded lot size. */
  readonly potentialLoss: number;
  /** Notional value of the rounded position in USD. */
  readonly positionValue: number;
  /** USD per unit of the quote currency used for all of the above. */
  readonly quoteToUsd: number;
  readonly quoteToUsdSource: QuoteToUsdSource;
  /** True when quoteToUsd is a fixed reference rate, so every USD figure is an estimate. */
  readonly approximate: boolean;
  /** Date of the reference rate when `approximate`. */
  readonly ratesAsOf?: string;
  /** The risk is too small for even one lot step at this stop distance: lots is 0. */
  readonly belowMinimumLot: boolean;
}

/** Money is shown to the cent at most; rounding here keeps float noise out of the UI. */
const cents = (x: number) => Math.round(x * 100) / 100;

/**
 * A price distance reads as 0.0025000000000001688 in floating point; one part in a billion of a
 * lot step absorbs that without ever rounding a genuinely smaller size up.
 */
const STEP_EPSILON = 1e-9;

function requirePositive(name: string, value: number, symbol: string) {
  if (!Number.isFinite(value) || value <= 0) {
    throw new EngineError('INVALID_INPUT', `${name} must be a positive number (got ${value}).`, {
      field: name,
      value,
      symbol,
    });
  }
}

/**
 * Instrument-aware position size (DECISIONS.md "Position size is instrument-aware"):
 * lots = riskAmount / (|entry - stop| x contractSize x quoteToUSD), rounded down to the lot
 * step; every money figure follows from the ROUNDED lots, so potentialLoss <= riskAmount.
 */
export function positionSize(input: PositionSizeInput): PositionSize {
  const { account, riskPercent, entry, stop, instrument } = input;
  const symbol = instrument.symbol;
  requirePositive('Account size', account, symbol);
  requirePositive('Risk percentage', riskPercent, symbol);
  requirePositive('Entry price', entry, symbol);
  requirePositive('Stop loss', stop, symbol);
  if (riskPercent > 100) {
    throw new EngineError('INVALID_INPUT', `Risk percentage cannot exceed 100% (got ${riskPercent}).`, {
      field: 'Risk percentage',
      value: riskPercent,
    });
  }
  if (entry === stop) {
    throw new EngineError('INVALID_INPUT', 'The stop loss must differ from the entry price.', {
      entry,
      stop,
    });
  }

  let rate: number;
  let source: QuoteToUsdSource;
  let approximate: boolean;
  let asOf: string | undefined;
  if (input.quoteToUsd !== undefined) {
    requirePositive('Quote-to-USD rate', input.quoteToUsd, symbol);
    rate = input.quoteToUsd;
    source = 'caller';
    approximate = false;
  } else {
    const q = resolveQuoteToUsd(instrument, entry);
    rate = q.rate;
    source = q.source;
    approximate = q.approximate;
    asOf = q.asOf;
  }

  const riskAmount = (account * riskPercent) / 100;
  const stopDistance = Math.abs(entry - stop);
  const lossPerUnit = stopDistance * rate;
  const unitsExact = riskAmount / lossPerUnit;
  const lotsExact = unitsExact / instrument.contractSize;
  const steps = Math.floor(lotsExact / instrument.lotStep + STEP_EPSILON);
  // Fix the decimals of the step (0.01) so 0.29 is 0.29, not 0.29000000000000004.
  const stepDecimals = Math.max(0, Math.ceil(-Math.log10(instrument.lotStep)));
  const lots = Number((Math.max(0, steps) * instrument.lotStep).toFixed(stepDecimals));
  const units = lots * instrument.contractSize;
  const pipValuePerLot = instrument.pipSize * instrument.contractSize * rate;

  return {
    symbol,
    direction: stop < entry ? 'long' : 'short',
    riskAmount: cents(riskAmount),
    stopDistance,
    stopPips: stopDistance / instrument.pipSize,
    unitsExact,
    lotsExact,
    lots,
    units,
    pipValuePerLot,
    pipValue: pipValuePerLot * lots,
    potentialLoss: cents(units * lossPerUnit),
    positionValue: cents(units * entry * rate),
    quoteToUsd: rate,
    quoteToUsdSource: source,
    approximate,
    ...(asOf !== undefined ? { ratesAsOf: asOf } : {}),
    belowMinimumLot: lots === 0,
  };
}

/**
 * USD result of the sized position if price reaches `target`: positive in the trade's favour,
 * negative against it. Uses the rounded lots, like potentialLoss.
 */
export function profitAt(size: PositionSize, entry: number, target: number): number {
  const move = size.direction === 'long' ? target - entry : entry - target;
  return cents(size.units * move * size.quoteToUsd);
}
