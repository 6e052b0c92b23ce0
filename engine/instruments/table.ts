/**
 * The instruments the product knows: how big a pip is, how many decimals a price shows, how
 * many units one standard lot holds and which currency profit and loss are counted in.
 *
 * Pure data, no dependencies: the engine, the server and the web app (journal, learning-centre
 * calculator) all size positions from this one table.
 */

export type Currency = 'USD' | 'EUR' | 'GBP' | 'JPY' | 'CHF' | 'CAD' | 'AUD' | 'NZD' | 'XAU' | 'XAG';

export type AssetClass = 'fx' | 'metal' | 'index';

export interface Instrument {
  /** Canonical symbol, upper case, no separator ("EURUSD", "XAUUSD", "US30"). */
  readonly symbol: string;
  readonly name: string;
  readonly assetClass: AssetClass;
  /** For FX and metals the traded currency or metal; for indices the index itself has no currency. */
  readonly base: Currency | null;
  /** The currency prices are quoted in, so the currency a price move is worth money in. */
  readonly quote: Currency;
  /** Price change of one pip (0.0001 for EURUSD, 0.01 for JPY pairs, 1 point for indices). */
  readonly pipSize: number;
  /** Decimals to display prices with (5 for EURUSD, 3 for USDJPY, 2 for XAUUSD). */
  readonly precision: number;
  /** Units of the base (currency, ounces, index units) in one standard lot. */
  readonly contractSize: number;
  /** Smallest lot step brokers accept; position sizes are rounded DOWN to it. */
  readonly lotStep: number;
}

const fx = (base: Currency, quote: Currency, name: string): Instrument => ({
  symbol: `${base}${quote}`,
  name,
  assetClass: 'fx',
  base,
  quote,
  // JPY is quoted with two fewer decimals, so its pip is 0.01 (DECISIONS.md).
  pipSize: quote === 'JPY' ? 0.01 : 0.0001,
  precision: quote === 'JPY' ? 3 : 5,
  contractSize: 100_000,
  lotStep: 0.01,
});

const index = (symbol: string, name: string, quote: Currency, precision: number): Instrument => ({
  symbol,
  name,
  assetClass: 'index',
  base: null,
  quote,
  // One index point is what CFD traders call a pip. Contract size 1 (one lot = one index unit
  // per point) is the most common CFD specification; brokers that differ say so in their
  // contract specs, and the trader can read the lot size as "units of the index" here.
  pipSize: 1,
  precision,
  contractSize: 1,
  lotStep: 0.01,
});

const LIST: readonly Instrument[] = [
  // Majors
  fx('EUR', 'USD', 'Euro / US Dollar'),
  fx('GBP', 'USD', 'British Pound / US Dollar'),
  fx('AUD', 'USD', 'Australian Dollar / US Dollar'),
  fx('NZD', 'USD', 'New Zealand Dollar / US Dollar'),
  fx('USD', 'JPY', 'US Dollar / Japanese Yen'),
  fx('USD', 'CHF', 'US Dollar / Swiss Franc'),
  fx('USD', 'CAD', 'US Dollar / Canadian Dollar'),
  // Crosses
  fx('EUR', 'GBP', 'Euro / British Pound'),
  fx('EUR', 'JPY', 'Euro / Japanese Yen'),
  fx('EUR', 'CHF', 'Euro / Swiss Franc'),
  fx('EUR', 'AUD', 'Euro / Australian Dollar'),
  fx('EUR', 'CAD', 'Euro / Canadian Dollar'),
  fx('EUR', 'NZD', 'Euro / New Zealand Dollar'),
  fx('GBP', 'JPY', 'British Pound / Japanese Yen'),
  fx('GBP', 'CHF', 'British Pound / Swiss Franc'),
  fx('GBP', 'AUD', 'British Pound / Australian Dollar'),
  fx('GBP', 'CAD', 'British Pound / Canadian Dollar'),
  fx('GBP', 'NZD', 'British Pound / New Zealand Dollar'),
  fx('AUD', 'JPY', 'Australian Dollar / Japanese Yen'),
  fx('AUD', 'NZD', 'Australian Dollar / New Zealand Dollar'),
  fx('AUD', 'CAD', 'Australian Dollar / Canadian Dollar'),
  fx('AUD', 'CHF', 'Australian Dollar / Swiss Franc'),
  fx('NZD', 'JPY', 'New Zealand Dollar / Japanese Yen'),
  fx('NZD', 'CAD', 'New Zealand Dollar / Canadian Dollar'),
  fx('NZD', 'CHF', 'New Zealand Dollar / Swiss Franc'),
  fx('CAD', 'JPY', 'Canadian Dollar / Japanese Yen'),
  fx('CAD', 'CHF', 'Canadian Dollar / Swiss Franc'),
  fx('CHF', 'JPY', 'Swiss Franc / Japanese Yen'),
  // Metals: a standard lot is 100 oz of gold and 5,000 oz of silver (DECISIONS.md).
  {
    symbol: 'XAUUSD',
    name: 'Gold / US Dollar',
    assetClass: 'metal',
    base: 'XAU',
    quote: 'USD',
    // Gold is quoted to the cent; retail calculators count $0.10 as one pip.
    pipSize: 0.1,
    precision: 2,
    contractSize: 100,
    lotStep: 0.01,
  },
  {
    symbol: 'XAGUSD',
    name: 'Silver / US Dollar',
    assetClass: 'metal',
    base: 'XAG',
    quote: 'USD',
    pipSize: 0.01,
    precision: 3,
    contractSize: 5_000,
    lotStep: 0.01,
  },
  // Index CFDs
  index('US30', 'Dow Jones Industrial Average (US30)', 'USD', 1),
  index('NAS100', 'Nasdaq 100 (NAS100)', 'USD', 1),
  index('SPX500', 'S&P 500 (SPX500)', 'USD', 1),
  index('GER40', 'DAX 40 (GER40)', 'EUR', 1),
  index('UK100', 'FTSE 100 (UK100)', 'GBP', 1),
  index('JPN225', 'Nikkei 225 (JPN225)', 'JPY', 0),
];

export const INSTRUMENTS: Readonly<Record<string, Instrument>> = Object.freeze(
  Object.fromEntries(LIST.map((i) => [i.symbol, Object.freeze(i)])),
);

/** Other names the same instrument goes by on TradingView, MetaTrader and broker platforms. */
const ALIASES: Readonly<Record<string, string>> = {
  GOLD: 'XAUUSD',
  SILVER: 'XAGUSD',
  DJI: 'US30',
  DJ30: 'US30',
  WS30: 'US30',
  DOW: 'US30',
  DOW30: 'US30',
  YM: 'US30',
  US100: 'NAS100',
  NDX: 'NAS100',
  USTEC: 'NAS100',
  NQ: 'NAS100',
  NSDQ100: 'NAS100',
  US500: 'SPX500',
  SPX: 'SPX500',
  SP500: 'SPX500',
  ES: 'SPX500',
  GER30: 'GER40',
  DE40: 'GER40',
  DE30: 'GER40',
  DAX: 'GER40',
  DAX40: 'GER40',
  FTSE: 'UK100',
  FTSE100: 'UK100',
  UKX: 'UK100',
  JP225: 'JPN225',
  NI225: 'JPN225',
  NIKKEI: 'JPN225',
  NIKKEI225: 'JPN225',
};

const FX_CURRENCIES: readonly Currency[] = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD'];

/**
 * Canonical form of a symbol as platforms print it: "OANDA:EUR/USD", "eurusd.m", "EURUSDpro",
 * "XAUUSD+" and "FX:EURUSD" all name EURUSD.
 */
export function normalizeSymbol(raw: string): string {
  let s = raw.trim().toUpperCase();
  const colon = s.lastIndexOf(':');
  if (colon >= 0) s = s.slice(colon + 1);
  s = s.replace(/[\s/_\-.+#!]/g, '');
  return s;
}

/**
 * The instrument for a symbol as read off a chart, or undefined when the product does not know
 * it. Broker suffixes after a known symbol ("EURUSDm", "EURUSDPRO", "US30CASH") are ignored.
 */
export function findInstrument(raw: string): Instrument | undefined {
  const s = normalizeSymbol(raw);
  if (!s) return undefined;
  const direct = INSTRUMENTS[s] ?? INSTRUMENTS[ALIASES[s] ?? ''];
  if (direct) return direct;
  // Longest known symbol or alias that the string starts with, so "US30CASH" is US30 but
  // "NAS100" is not mistaken for something shorter.
  const candidates = [...Object.keys(INSTRUMENTS), ...Object.keys(ALIASES)]
    .filter((k) => s.startsWith(k) && k.length >= 4)
    .sort((a, b) => b.length - a.length);
  const best = candidates[0];
  if (best) return INSTRUMENTS[best] ?? INSTRUMENTS[ALIASES[best] ?? ''];
  // Any other pair of the currencies we have rates for (USDSEK is not among them) is still
  // a standard FX pair; the table only lists the ones traders meet most.
  const base = s.slice(0, 3) as Currency;
  const quote = s.slice(3, 6) as Currency;
  if (s.length === 6 && base !== quote && FX_CURRENCIES.includes(base) && FX_CURRENCIES.includes(quote)) {
    return Object.freeze(fx(base, quote, `${base} / ${quote}`));
  }
  return undefined;
}

/**
 * An instrument for a symbol the table does not know, inferred from the decimals the chart
 * itself shows so that prices are still displayed as the trader sees them. Its sizing cannot be
 * trusted (contract size and quote currency are guesses), which callers must say.
 */
export function fallbackInstrument(symbol: string, decimals: number): Instrument {
  const precision = Math.max(0, Math.min(8, Math.round(decimals)));
  return Object.freeze({
    symbol: normalizeSymbol(symbol) || 'UNKNOWN',
    name: symbol,
    assetClass: 'fx',
    base: null,
    quote: 'USD',
    // Quoting one decimal beyond the pip (fractional pips) is the norm for 3- and 5-digit prices.
    pipSize: 1 / 10 ** (precision >= 3 ? precision - 1 : precision),
    precision,
    contractSize: precision >= 3 ? 100_000 : 1,
    lotStep: 0.01,
  });
}
