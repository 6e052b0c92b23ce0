import type { Timeframe } from '../../core/ohlc';
import type { Rect, TextToken } from './types';
import { pairFromGlyphs } from './ticker-glyphs';
import {
  DESCRIBED_PAIR_MAX_WORDS,
  DESCRIPTION_MAX_WORDS,
  FUZZY_LETTERS_PER_ERROR,
  FUZZY_LOOKALIKE_SLACK,
  FUZZY_MIN_CHARS,
  LINE_OVERLAP_SHARE,
  LOOKALIKE_COST,
  NAME_MAX_WORDS,
  PICKER_MIN_TOKENS,
  TIMEFRAME_MAX_GAP,
  UNIT_MAX_GAP,
} from './tuning';

/**
 * Symbol and timeframe from the legend/title tokens of a chart screenshot:
 * TradingView "EURUSD · 15 · PEPPERSTONE", "Euro / U.S. Dollar · 1D · FXCM", "EUR/USD",
 * toolbars "EURUSD 15m", MetaTrader "EURUSD,H4", "EURUSDm,M15", "XAUUSD.r, Daily", "GOLD".
 */

const CURRENCIES = new Set([
  'EUR', 'USD', 'GBP', 'JPY', 'AUD', 'NZD', 'CAD', 'CHF', 'XAU', 'XAG', 'XPT', 'XPD',
  'SEK', 'NOK', 'DKK', 'PLN', 'HUF', 'CZK', 'TRY', 'ZAR', 'MXN', 'SGD', 'HKD', 'CNH',
  'BTC', 'ETH', 'LTC', 'XRP', 'USDT',
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
 * case after folding. Swapping within a group costs half a letter.
 */
const CONFUSABLE = ['ACEORSN', 'MN', 'GPQ'];

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  return CONFUSABLE.some((g) => g.includes(a) && g.includes(b)) ? LOOKALIKE_COST : 1;
}

function editDistance(a: string, b: string): number {
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
function foldName(text: string): string {
  return text.toUpperCase().replace(/[\s.]/g, '').replace(/[1|I]/g, 'L').replace(/0/g, 'O');
}

/** The currency a spoken name stands for, allowing one misread letter in four (half for a look-alike). */
function currencyOfName(words: string): string | null {
  const key = foldName(words);
  if (key.length < FUZZY_MIN_CHARS) return null;
  let best: string | null = null;
  let bestD = Infinity;
  for (const [name, code] of CURRENCY_NAMES) {
    const target = foldName(name);
    const d = editDistance(key, target);
    if (d <= Math.floor(target.length / FUZZY_LETTERS_PER_ERROR) && d < bestD) {
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
function misreadPair(raw: string): string | null {
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

const MINUTES_TO_TIMEFRAME: Record<number, Timeframe> = {
  1: '1m',
  3: '3m',
  5: '5m',
  15: '15m',
  30: '30m',
  60: '1h',
  120: '2h',
  240: '4h',
  1440: '1d',
};

function fromMinutes(n: number): Timeframe | null {
  return MINUTES_TO_TIMEFRAME[n] ?? null;
}

/** Digits OCR may have read as letters inside a timeframe ("l5" for "15", "24O" for "240"). */
function fixDigits(s: string): string {
  return s.replace(/[Il|]/g, '1').replace(/[Oo]/g, '0');
}

/**
 * A timeframe written with its unit: TradingView "15m", "4h", "1D", "1W", "1M" (month), "D";
 * MetaTrader "M15", "H4", "D1", "W1", "MN1", "Daily". `bareMinutes` also accepts TradingView's
 * legend form "15" / "240", which is only a timeframe right after the symbol.
 */
export function parseTimeframe(raw: string, bareMinutes = false): Timeframe | null {
  // Separators glued on by OCR ("·15", "15,") are not part of the timeframe.
  const t = raw
    .trim()
    .replace(/^[·.,-]+/, '')
    .replace(/[·,:.]$/, '')
    // MetaTrader's closing bracket after "(EURUSD,M15" is read as j or J.
    .replace(/(?<=[0-9])[)\]jJ]$/, '');
  if (t.length === 0 || t.length > 8) return null;
  // OCR reads the l of "Daily"/"Weekly" as I about as often as l.
  const word = t.replace(/I/g, 'l').toLowerCase();
  if (word === 'daily' || word === 'day') return '1d';
  if (word === 'weekly' || word === 'week') return '1w';
  if (word === 'monthly' || word === 'month') return '1M';
  if (/^(MN1?|1MN)$/.test(t)) return '1M';
  let m = /^([MHDW])([0-9IlO]{1,3})$/.exec(t);
  if (m) {
    const n = Number(fixDigits(m[2]!));
    if (m[1] === 'M') return fromMinutes(n);
    if (m[1] === 'H') return fromMinutes(n * 60);
    if (m[1] === 'D') return n === 1 ? '1d' : null;
    return n === 1 ? '1w' : null;
  }
  // Spelt-out units ("5 min", "4 hours") in any case: OCR mixes the case of small letters.
  // The i of "min" is read as l about as often as i.
  const spelt = /^([0-9IlO]{1,3})\s?(m[il1]ns?|m[il1]nutes?|hours?|days?)$/i.exec(t);
  if (spelt) {
    const n = Number(fixDigits(spelt[1]!));
    const unit = spelt[2]![0]!.toLowerCase();
    return unit === 'm' ? fromMinutes(n) : unit === 'h' ? fromMinutes(n * 60) : n === 1 ? '1d' : null;
  }
  m = /^([0-9IlO]{0,3})\s?(m|min|mins|M|h|H|hr|D|d|W|w)$/.exec(t);
  if (m && (m[1] !== '' || /^[DWM]$/.test(m[2]!))) {
    const n = m[1] === '' ? 1 : Number(fixDigits(m[1]!));
    if (!Number.isInteger(n) || n <= 0) return null;
    switch (m[2]) {
      case 'm':
      case 'min':
      case 'mins':
        return fromMinutes(n);
      case 'M':
        // TradingView writes months as "1M"; brokers that upper-case minutes write "15M".
        return n === 1 ? '1M' : fromMinutes(n);
      case 'h':
      case 'H':
      case 'hr':
        return fromMinutes(n * 60);
      case 'D':
      case 'd':
        return n === 1 ? '1d' : null;
      default:
        return n === 1 ? '1w' : null;
    }
  }
  if (bareMinutes && /^[0-9IlO]{1,4}$/.test(t) && /[0-9]/.test(t)) return fromMinutes(Number(fixDigits(t)));
  return null;
}

interface Line {
  tokens: TextToken[];
}

/** Groups tokens into lines (vertical overlap) in reading order. */
function toLines(tokens: readonly TextToken[]): Line[] {
  const sorted = [...tokens].sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
  const lines: { top: number; bottom: number; tokens: TextToken[] }[] = [];
  for (const t of sorted) {
    const h = t.box.bottom - t.box.top;
    const line = lines.find(
      (l) =>
        Math.min(l.bottom, t.box.bottom) - Math.max(l.top, t.box.top) >=
        LINE_OVERLAP_SHARE * Math.min(h, l.bottom - l.top),
    );
    if (line) {
      line.tokens.push(t);
      line.top = Math.min(line.top, t.box.top);
      line.bottom = Math.max(line.bottom, t.box.bottom);
    } else lines.push({ top: t.box.top, bottom: t.box.bottom, tokens: [t] });
  }
  for (const l of lines) l.tokens.sort((a, b) => a.box.left - b.box.left);
  return lines;
}

const SEPARATOR = /^[·.,\-–—|:•]$/;

interface SymbolHit {
  symbol: string;
  /** Index of the last token that belongs to the symbol. */
  end: number;
  /** A timeframe written in the same token ("EURUSD,H4"). */
  timeframe: Timeframe | null;
}

function symbolAt(tokens: TextToken[], i: number): SymbolHit | null {
  // MetaTrader's window title puts it in brackets: "(EURUSD,H4)".
  const text = tokens[i]!.text.replace(/^[([]/, '').replace(/[)\]]$/, '');
  // MetaTrader "EURUSD,H4" / "XAUUSD.r,Daily" in one token.
  // The comma may be read as a point when a MetaTrader timeframe follows ("NZDUSD.H4").
  const comma = /^(.+?),(.+)$/.exec(text) ?? /^(.+?)[.;](M[0-9]{1,2}|H[0-9]{1,2}|D1|W1|MN1?)$/.exec(text);
  const glyphs = tokens[i]!.glyphs;
  // The glyphs of the symbol: up to the comma, without the bracket MetaTrader may put before it.
  const symbolGlyphs = (n: number) => glyphs?.slice(/^[([]/.test(tokens[i]!.text) ? 1 : 0).slice(0, n) ?? [];
  if (comma) {
    const sym =
      normaliseSymbol(comma[1]!) ??
      misreadPair(comma[1]!) ??
      pairFromGlyphs(symbolGlyphs(comma[1]!.length), CURRENCIES);
    if (sym) return { symbol: sym, end: i, timeframe: parseTimeframe(comma[2]!, false) };
  }
  const trimmed = text.replace(/[,·]$/, '');
  const direct =
    normaliseSymbol(trimmed) ??
    misreadPair(trimmed) ??
    // A MetaTrader title "SYMBOL," whose timeframe was read apart: its glyphs' shapes may still
    // spell a pair the reading missed.
    (/,$/.test(text) ? pairFromGlyphs(symbolGlyphs(trimmed.length), CURRENCIES) : null);
  if (direct) return { symbol: direct, end: i, timeframe: null };
  // "EUR" "/" "USD" or "EUR/" "USD" split into tokens.
  const joined3 = tokens
    .slice(i, i + 3)
    .map((t) => t.text)
    .join('');
  const joined2 = tokens
    .slice(i, i + 2)
    .map((t) => t.text)
    .join('');
  if (/^[A-Za-z]{3,4}\/[A-Za-z]{3,4}$/.test(joined3)) {
    const s = normaliseSymbol(joined3);
    if (s) return { symbol: s, end: i + 2, timeframe: null };
  }
  if (/^[A-Za-z]{3,4}\/[A-Za-z]{3,4}$/.test(joined2)) {
    const s = normaliseSymbol(joined2);
    if (s) return { symbol: s, end: i + 1, timeframe: null };
  }
  return describedIndex(tokens, i) ?? describedPair(tokens, i);
}

/**
 * Index descriptions (TradingView's legend writes them instead of the ticker on request) as
 * the ticker TradingView gives them: a name, read with a few wrong letters allowed, then its
 * number ("S&P 500" also read "S/1P 500", "SOP 500"; "Nasdaq 100" as "Nacdag 100").
 */
const INDEX_DESCRIPTIONS: { name: RegExp | string; number: string; ticker: string }[] = [
  { name: /^S.{1,2}P$/i, number: '500', ticker: 'SPX' },
  { name: 'NASDAQ', number: '100', ticker: 'NDX' },
  { name: 'FTSE', number: '100', ticker: 'UKX' },
  { name: 'NIKKEI', number: '225', ticker: 'NI225' },
];

/** A word read as `target` with at most one wrong letter in four (half for a look-alike). */
function fuzzyWord(word: string, target: string): boolean {
  const key = foldName(word);
  return (
    key.length >= FUZZY_MIN_CHARS &&
    editDistance(key, foldName(target)) <=
      Math.floor(target.length / FUZZY_LETTERS_PER_ERROR) + FUZZY_LOOKALIKE_SLACK
  );
}

/** "S&P 500 Index", "Nasdaq 100 Index" (the word Index, when read, belongs to the symbol). */
function describedIndex(tokens: TextToken[], i: number): SymbolHit | null {
  const name = tokens[i]!.text;
  const next = tokens[i + 1]?.text;
  for (const d of INDEX_DESCRIPTIONS) {
    if (next !== d.number) continue;
    if (typeof d.name === 'string' ? !fuzzyWord(name, d.name) : !d.name.test(name)) continue;
    const after = tokens[i + 2]?.text;
    return { symbol: d.ticker, end: after && fuzzyWord(after, 'INDEX') ? i + 2 : i + 1, timeframe: null };
  }
  return null;
}

/** A token that separates the two names of a description: "/" (or what "/" is misread as), "vs". */
const NAME_SEPARATOR = /^(?:[/(|)\\JIl17]|vs\.?)$/i;

/**
 * Descriptions: TradingView "Euro / U.S. Dollar", "Gold Spot / U.S. Dollar", MetaTrader
 * "Euro vs US Dollar": a name, a separator, a name of up to four words (whatever follows,
 * "· 15 · FXCM", is not part of it).
 */
function describedPair(tokens: TextToken[], i: number): SymbolHit | null {
  const words: string[] = [];
  for (let j = i; j < tokens.length && j < i + DESCRIBED_PAIR_MAX_WORDS; j++) {
    const w = tokens[j]!.text;
    if (w === '·') break;
    words.push(w);
  }
  for (let k = 1; k + 1 < words.length && k <= NAME_MAX_WORDS; k++) {
    if (!NAME_SEPARATOR.test(words[k]!)) continue;
    const a = currencyOfName(words.slice(0, k).join(''));
    if (!a) return null;
    for (let n = 1; n <= NAME_MAX_WORDS && k + n < words.length + 1; n++) {
      const b = currencyOfName(words.slice(k + 1, k + 1 + n).join(''));
      if (b && b !== a) return { symbol: a + b, end: i + k + n, timeframe: null };
    }
    return null;
  }
  // "Euro/" "U.S. Dollar" or "Euro" "/U.S." "Dollar": the slash glued to a word.
  const phrase = words.join(' ');
  const slash = phrase.indexOf('/');
  if (slash > 0) {
    const a = currencyOfName(phrase.slice(0, slash));
    const rest = phrase
      .slice(slash + 1)
      .trim()
      .split(' ');
    for (let n = 1; a && n <= Math.min(NAME_MAX_WORDS, rest.length); n++) {
      const b = currencyOfName(rest.slice(0, n).join(''));
      if (b && b !== a) {
        const before = phrase.slice(0, slash).trim().split(' ').length;
        return { symbol: a + b, end: i + before - 1 + n, timeframe: null };
      }
    }
  }
  return null;
}

/**
 * The timeframe written after a symbol ending at token `end`. The token after it (past one
 * separator) is the timeframe in TradingView's legend and MetaTrader's title; only there may a
 * bare number mean minutes. A ticker's description ("DAX Index · 5 · XETR") may stand between
 * them: then the timeframe follows the first "·". A unit may be a word of its own ("4 hours").
 */
function timeframeAfter(toks: TextToken[], end: number): Timeframe | null {
  let k = end + 1;
  if (toks[k] && !SEPARATOR.test(toks[k]!.text) && parseTimeframe(toks[k]!.text, true) === null) {
    // Skip up to three words of description, only when a "·" (or what it is misread as)
    // follows them; a misread word may hold marks ("I::dex" for "Index").
    let j = k;
    while (
      j < toks.length &&
      j <= end + DESCRIPTION_MAX_WORDS &&
      /^[A-Za-z&][A-Za-z&:;!|]*$/.test(toks[j]!.text)
    )
      j++;
    if (j > k && toks[j] && SEPARATOR.test(toks[j]!.text)) k = j;
  }
  if (toks[k] && SEPARATOR.test(toks[k]!.text)) k++;
  const next = toks[k];
  if (!next) return null;
  const gap = (a: TextToken, b: TextToken): number => b.box.left - a.box.right;
  const height = next.box.bottom - next.box.top;
  if (gap(toks[k - 1]!, next) >= TIMEFRAME_MAX_GAP * height) return null;
  const unit = toks[k + 1];
  // In brackets after the symbol: "GBPJPY (5min)", "EUR/USD (H4)" (the ")" often read as j).
  const open = /^[([]/.test(next.text);
  const first = open ? next.text.slice(1).replace(/[)\]jJ]$/, '') : next.text;
  // A space is up to a whole cell wide in monospaced fonts.
  if (unit && gap(next, unit) < UNIT_MAX_GAP * height) {
    const spelt = parseTimeframe(`${first} ${open ? unit.text.replace(/[)\]jJ]$/, '') : unit.text}`, false);
    if (spelt) return spelt;
  }
  // "5.BITSTAMP": the "·" after the timeframe read as a point and glued on.
  const glued = /^([0-9]{1,4}[a-zA-Z]?)[.·][A-Za-z]{2,}/.exec(first);
  const text = glued ? glued[1]! : first;
  // Here, and only here, an S among digits is a 5 ("lSm" for "15m").
  return (
    parseTimeframe(text, true) ??
    (/^[0-9Il]+S|^[0-9Il]*S[0-9Il]/.test(text) ? parseTimeframe(text.replace(/S/g, '5'), true) : null)
  );
}

/** A symbol read in the title tokens. */
export interface SymbolEvidence {
  symbol: string;
  /** A timeframe follows it (legend "EURUSD · 15", title "EURUSD,H4"): a title, not a list row. */
  withTimeframe: boolean;
  /** The tokens it was read from. */
  box: Rect;
}

/** Everything the title tokens say about symbol and timeframe, before deciding. */
export interface TitleEvidence {
  symbols: SymbolEvidence[];
  /** Timeframes read right after a symbol, in reading order. */
  positional: Timeframe[];
  /** Timeframes with a unit read anywhere else ("15m" in a toolbar). */
  units: Set<Timeframe>;
  /** A timeframe picker was seen: a lone timeframe may be any of its buttons. */
  picker: boolean;
  /** The token rows read as timeframe pickers, each in reading order. */
  pickerRows: TextToken[][];
}

/** Collects the symbols and timeframes in legend/title tokens. */
export function titleEvidence(tokens: readonly TextToken[]): TitleEvidence {
  const evidence: TitleEvidence = {
    symbols: [],
    positional: [],
    units: new Set(),
    picker: false,
    pickerRows: [],
  };
  for (const line of toLines(tokens)) {
    const toks = line.tokens;
    // A row of short timeframe-like tokens ("1m Sm 15m 30m 1H 4H 1D", some misread) is a
    // picker: whichever of its buttons happens to parse is not the chart's timeframe.
    const picker =
      toks.filter((t) => /^(?:[0-9SlIOZ]{1,3}[mhHDWM]|[MHDW][0-9SlIOZ]{1,2})$/.test(t.text)).length >=
        PICKER_MIN_TOKENS ||
      // Or buttons too blurred to parse: short tokens mixing digits and letters ("15nm 3CU) 1iJ").
      toks.filter((t) => /^(?=.*[0-9])(?=.*[A-Za-z])\S{2,5}$/.test(t.text)).length >= PICKER_MIN_TOKENS;
    if (picker) {
      evidence.picker = true;
      evidence.pickerRows.push(toks);
    }
    for (let i = 0; i < toks.length; i++) {
      const hit = symbolAt(toks, i);
      if (hit) {
        const tf = hit.timeframe ?? timeframeAfter(toks, hit.end);
        const span = toks.slice(i, hit.end + 1);
        evidence.symbols.push({
          symbol: hit.symbol,
          withTimeframe: tf !== null,
          box: {
            left: Math.min(...span.map((t) => t.box.left)),
            top: Math.min(...span.map((t) => t.box.top)),
            right: Math.max(...span.map((t) => t.box.right)),
            bottom: Math.max(...span.map((t) => t.box.bottom)),
          },
        });
        if (tf) evidence.positional.push(tf);
        i = hit.end;
        continue;
      }
      const text = toks[i]!.text;
      // MetaTrader's "SYMBOL,H4" whose symbol is cut by a crop or misread ("3jPY,H4"): the form
      // itself says the timeframe is the chart's.
      const mt = /^[([]?[A-Za-z0-9.#_]{2,},(M[0-9]{1,2}|H[0-9]{1,2}|D1|W1|MN1?)[)\]jJ]?$/.exec(text);
      const mtTf = mt ? parseTimeframe(mt[1]!, false) : null;
      if (mtTf) {
        evidence.positional.push(mtTf);
        continue;
      }
      // Away from the symbol a timeframe must hold a real digit or be a word ("Daily"): a lone
      // letter ("W") or grid-line fragments read as "Dl" are as often noise as a timeframe.
      const tf = /[0-9]/.test(text) || /^[A-Za-z]{3,}$/.test(text) ? parseTimeframe(text, false) : null;
      if (tf) evidence.units.add(tf);
    }
  }
  return evidence;
}

/**
 * Symbol and timeframe from collected evidence. A symbol followed by a timeframe is the
 * chart's title or legend and wins; otherwise the most frequent symbol (ties: the first read).
 * The timeframe is the first one written after a symbol; a lone timeframe with a unit counts
 * only when it is the only one seen and no timeframe picker was (whose buttons may be misread).
 */
export function decideTitle(evidence: TitleEvidence): { symbol: string | null; timeframe: Timeframe | null } {
  const titled = evidence.symbols.find((s) => s.withTimeframe);
  let symbol: string | null = titled?.symbol ?? null;
  // Different instruments and none of them a title: no way to tell which one the chart shows.
  // ("DAX" in a legend and "GER40" in a header are one instrument.)
  if (!symbol && new Set(evidence.symbols.map((s) => instrumentKey(s.symbol))).size > 1) symbol = null;
  else if (!symbol) {
    const counts = new Map<string, number>();
    for (const s of evidence.symbols) counts.set(s.symbol, (counts.get(s.symbol) ?? 0) + 1);
    let best = 0;
    for (const s of evidence.symbols) {
      const n = counts.get(s.symbol)!;
      if (n > best) {
        best = n;
        symbol = s.symbol;
      }
    }
  }
  const timeframe =
    evidence.positional[0] ??
    (evidence.units.size === 1 && !evidence.picker ? [...evidence.units][0]! : null);
  return { symbol, timeframe };
}

/** Finds the symbol and timeframe in legend/title tokens. */
export function identifyInstrument(tokens: readonly TextToken[]): {
  symbol: string | null;
  timeframe: Timeframe | null;
} {
  return decideTitle(titleEvidence(tokens));
}
