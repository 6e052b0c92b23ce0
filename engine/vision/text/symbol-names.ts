import { FUZZY_LETTERS_PER_ERROR, FUZZY_LOOKALIKE_SLACK, FUZZY_MIN_CHARS, LOOKALIKE_COST } from './tuning';

/*
 * Symbols as written: currency codes and their spoken names (read fuzzily, the recogniser
 * misreads small round letters), index tickers, broker suffixes and prefixes, and the
 * misreads a six-letter pair survives. Finding them among a title's tokens is instrument.ts.
 */

export const CURRENCIES = new Set([
  'EUR', 'USD', 'GBP', 'JPY', 'AUD', 'NZD', 'CAD', 'CHF', 'XAU', 'XAG', 'XPT', 'XPD',
  'SEK', 'NOK', 'DKK', 'PLN', 'HUF', 'CZK', 'TRY', 'ZAR', 'MXN', 'SGD', 'HKD', 'CNH',
  'BTC', 'ETH', 'LTC', 'XRP', 'USDT', 'RUB',
]); // prettier-ignore

/**
 * Spoken names (TradingView "Euro / U.S. Dollar", MetaTrader "Euro vs US Dollar", metals and
 * coins), upper case without spaces or dots. Lower-case words are what the recogniser reads
 * least well ("DoIIac" for "Dollar"), so they are matched with a few wrong letters allowed.
 */
const CURRENCY_NAMES: [string, string][] = [
  ['EURO', 'EUR'],
  ['EUR', 'EUR'],
  ['USDOLLAR', 'USD'],
  ['BRITISHPOUND', 'GBP'],
  ['GREATBRITAINPOUND', 'GBP'],
  ['POUNDSTERLING', 'GBP'],
  ['POUND', 'GBP'],
  ['JAPANESEYEN', 'JPY'],
  ['YEN', 'JPY'],
  ['AUSTRALIANDOLLAR', 'AUD'],
  ['NEWZEALANDDOLLAR', 'NZD'],
  ['CANADIANDOLLAR', 'CAD'],
  ['SWISSFRANC', 'CHF'],
  ['RUSSIANRUBLE', 'RUB'],
  ['GOLDSPOT', 'XAU'],
  ['GOLD', 'XAU'],
  ['SILVER', 'XAG'],
  ['SILVERSPOT', 'XAG'],
  ['BITCOIN', 'BTC'],
  ['ETHEREUM', 'ETH'],
];

/**
 * Lower-case letters the recogniser confuses with each other (its round small letters collapse
 * towards "c": "DcIIac" for "Dollar", "Jagacece" for "Japanese", "Imdex" for "Index"), upper
 * case after folding. Swapping within a group costs half a letter. A small f and t differ by
 * a hook in sans fonts ("Bifcoin" for "Bitcoin").
 */
const CONFUSABLE = ['ACEORSN', 'MN', 'GPQ', 'FT'];

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  return CONFUSABLE.some((g) => g.includes(a) && g.includes(b)) ? LOOKALIKE_COST : 1;
}

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + substitutionCost(a[i - 1]!, b[j - 1]!));
      diag = up;
    }
  }
  return row[b.length]!;
}

/** I, l, 1 and | look alike, so do 0 and O: names are compared with each group folded to one. */
export function foldName(text: string): string {
  return text.toUpperCase().replace(/[\s.]/g, '').replace(/[1|I]/g, 'L').replace(/0/g, 'O');
}

/**
 * The currency a spoken name stands for, allowing one misread letter in four and half a letter
 * more for look-alikes ("Bifceic" for "Bitcoin": f for t, e for o, c for n).
 */
export function currencyOfName(words: string): string | null {
  const key = foldName(words);
  if (key.length < FUZZY_MIN_CHARS) return null;
  let best: string | null = null;
  let bestD = Infinity;
  for (const [name, code] of CURRENCY_NAMES) {
    const target = foldName(name);
    const d = editDistance(key, target);
    if (d <= Math.floor(target.length / FUZZY_LETTERS_PER_ERROR) + FUZZY_LOOKALIKE_SLACK && d < bestD) {
      bestD = d;
      best = code;
    }
  }
  return best;
}

/** Metals named by a word: read as their pair, the form every platform's ticker takes. */
const METAL_NAMES: Record<string, string> = {
  GOLD: 'XAUUSD',
  XAUUSD: 'XAUUSD',
  SILVER: 'XAGUSD',
};

/**
 * Index tickers, each with a key naming its instrument. The reader returns the ticker the chart
 * shows ("DAX", "DE40", "SPX"): brokers name one index many ways, and the instrument table
 * (engine/instruments) resolves them all. The key only says when two tickers are one index.
 */
export const INDEX_TICKERS: Readonly<Record<string, string>> = {
  US30: 'US30',
  DJ30: 'US30',
  DJI: 'US30',
  WS30: 'US30',
  DOW30: 'US30',
  US500: 'SPX500',
  SPX500: 'SPX500',
  SP500: 'SPX500',
  SPX: 'SPX500',
  NAS100: 'NAS100',
  NSDQ100: 'NAS100',
  US100: 'NAS100',
  USTEC: 'NAS100',
  NDX: 'NAS100',
  GER40: 'GER40',
  DE40: 'GER40',
  GER30: 'GER40',
  DE30: 'GER40',
  DAX40: 'GER40',
  DAX: 'GER40',
  UK100: 'UK100',
  FTSE100: 'UK100',
  JP225: 'JP225',
  JPN225: 'JP225',
  NIKKEI225: 'JP225',
  NI225: 'JP225',
  UKX: 'UK100',
};

/** The instrument a symbol read by `normaliseSymbol` names: "DAX" and "DE40" are one index. */
export function instrumentKey(symbol: string): string {
  return INDEX_TICKERS[symbol] ?? symbol;
}

/** Broker suffixes/prefixes after the ticker: "m", ".r", "-ECN", "_i", "+", "pro", "micro". */
const SUFFIX = /^(?:[.\-_+#!:;,']?[A-Za-z0-9.:;,']{0,5})$/;

/** Ticker from one token such as "EURUSD", "EURUSDm", "XAUUSD.r", "EUR/USD", "EURUSD-ECN". */
export function normaliseSymbol(raw: string): string | null {
  const text = raw.trim();
  const pair = /^([A-Za-z]{3,4})\s*\/\s*([A-Za-z]{3,4})$/.exec(text);
  if (pair) {
    const a = pair[1]!.toUpperCase();
    const b = pair[2]!.toUpperCase();
    return CURRENCIES.has(a) && CURRENCIES.has(b) ? a + b : null;
  }
  const upper = text.toUpperCase();
  // Exchange prefix "OANDA:EURUSD", "FX:EURUSD".
  const prefixed = /^[A-Z0-9_]{2,}:(.{3,})$/.exec(upper);
  const bare = prefixed ? prefixed[1]! : upper;
  for (const len of [3, 4]) {
    for (const len2 of [3, 4]) {
      const a = bare.slice(0, len);
      const b = bare.slice(len, len + len2);
      if (!CURRENCIES.has(a) || !CURRENCIES.has(b) || a === b) continue;
      const rest = text.slice(text.length - (bare.length - len - len2));
      if (bare.length === len + len2 || SUFFIX.test(rest)) return a + b;
    }
  }
  // Named instruments, longest name first: "GOLD", "US30m", "NAS100.cash", "GER40-ECN"; an
  // index as its ticker without the suffix.
  const original = prefixed ? text.slice(text.length - bare.length) : text;
  for (let len = Math.min(9, bare.length); len >= 3; len--) {
    const name = bare.slice(0, len);
    const named = METAL_NAMES[name] ?? (INDEX_TICKERS[name] ? name : undefined);
    if (!named) continue;
    const rest = original.slice(len);
    if (rest === '' || (/^[.\-_+#!]/.test(rest) && SUFFIX.test(rest)) || /^[a-z0-9]{1,5}$/.test(rest))
      return named;
  }
  return null;
}

/** Letters the recogniser confuses in tickers (bold, small or crossed by a grid line), and what they may be. */
const TICKER_MISREADS: Record<string, string> = {
  O: 'DQ',
  Q: 'O',
  D: 'O',
  '0': 'OD',
  F: 'E',
  '2': 'EZ',
  '8': 'B',
  '5': 'S',
  '1': 'I',
  L: 'I',
  J: 'U',
  // A small capital F shrunk by a downscaled capture reads as "r".
  R: 'F',
};
/** What a "/" between two currency codes may be read as. */
const SLASH_MISREADS = /^[/\\|()JIL17Z]$/;

/**
 * A currency pair read with one wrong glyph: "EURUSO", "FURUSD", "EURJUSD" (the "/" of
 * "EUR/USD" as J). Both codes must be currencies after the single repair, and nothing may
 * follow them, so words and broker names cannot pass for a pair.
 */
export function misreadPair(raw: string): string | null {
  // A separator glued on behind ("BTC/USD ·" read as "BTCJUSD.") is not part of the ticker.
  let t = raw
    .trim()
    .replace(/[.,:·]+$/, '')
    .toUpperCase();
  // A small U can break into two strokes read as "IJ" ("EIJR/USD").
  if (t.length > 6) t = t.replace('IJ', 'U');
  if (t.length === 7 && SLASH_MISREADS.test(t[3]!)) t = t.slice(0, 3) + t.slice(4);
  if (!/^[A-Z0-9]{6}$/.test(t)) return null;
  const pair = (x: string): string | null => {
    const a = x.slice(0, 3);
    const b = x.slice(3);
    return CURRENCIES.has(a) && CURRENCIES.has(b) && a !== b ? a + b : null;
  };
  const exact = pair(t);
  if (exact) return exact;
  for (let k = 0; k < 6; k++)
    for (const c of TICKER_MISREADS[t[k]!] ?? '') {
      const fixed = pair(t.slice(0, k) + c + t.slice(k + 1));
      if (fixed) return fixed;
    }
  return null;
}
