import { EngineError } from '../core/errors';
import type { Currency, Instrument } from './table';

/**
 * Approximate US-dollar value of one unit of each currency, used ONLY to size positions on
 * crosses (EURJPY, GBPCHF, GER40 ...) whose quote currency is not the dollar and whose chart
 * does not give the rate. The product is offline by design (no rate feed), so these are fixed
 * reference rates, rounded, and every result sized with them says `approximate: true` and
 * names the date below so the trader can see the lot size is an estimate. USD-quoted pairs
 * and USD/XXX pairs never use this table: their rate comes from the chart itself.
 *
 * Update the rates and the date together; docs/decisions/006-instrument-aware-sizing.md says
 * why the table exists.
 */
export const REFERENCE_RATES_AS_OF = '2025-06-30';

export const REFERENCE_USD_PER_UNIT: Readonly<Record<Currency, number>> = {
  USD: 1,
  EUR: 1.17, // EURUSD ~1.17
  GBP: 1.37, // GBPUSD ~1.37
  AUD: 0.655, // AUDUSD ~0.655
  NZD: 0.605, // NZDUSD ~0.605
  CAD: 1 / 1.37, // USDCAD ~1.37
  CHF: 1 / 0.8, // USDCHF ~0.80
  JPY: 1 / 144, // USDJPY ~144
  XAU: 3300, // gold ~$3,300/oz
  XAG: 36, // silver ~$36/oz
};

export type QuoteToUsdSource =
  /** The quote currency is the dollar: 1 unit of quote = $1, exact. */
  | 'usd-quoted'
  /** USD/XXX pair: 1 unit of quote = 1/price dollars, from the chart's own price, exact. */
  | 'chart-price'
  /** A cross: from REFERENCE_USD_PER_UNIT, approximate. */
  | 'reference-rate'
  /** The caller passed a rate it knows (e.g. a live rate). */
  | 'caller';

export interface QuoteToUsd {
  /** US dollars per one unit of the instrument's quote currency. */
  readonly rate: number;
  readonly source: QuoteToUsdSource;
  /** True when the rate is a fixed reference rate rather than the market's current rate. */
  readonly approximate: boolean;
  /** Date of the reference rate, when one was used. */
  readonly asOf?: string;
}

/**
 * How many US dollars one unit of the instrument's quote currency is worth.
 * `price` is the instrument's own current price (the chart's), used for USD/XXX pairs.
 */
export function quoteToUsd(instrument: Instrument, price: number): QuoteToUsd {
  if (instrument.quote === 'USD') return { rate: 1, source: 'usd-quoted', approximate: false };
  if (instrument.base === 'USD') {
    if (!(price > 0) || !Number.isFinite(price)) {
      throw new EngineError(
        'INVALID_INPUT',
        `Cannot size a ${instrument.symbol} position without a positive price.`,
        {
          symbol: instrument.symbol,
          price,
        },
      );
    }
    return { rate: 1 / price, source: 'chart-price', approximate: false };
  }
  return {
    rate: REFERENCE_USD_PER_UNIT[instrument.quote],
    source: 'reference-rate',
    approximate: true,
    asOf: REFERENCE_RATES_AS_OF,
  };
}
