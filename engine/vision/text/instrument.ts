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
  NAME_MAX_WORDS,
  PICKER_MIN_TOKENS,
  TIMEFRAME_MAX_GAP,
  UNIT_MAX_GAP,
} from './tuning';
import {
  CURRENCIES,
  currencyOfName,
  editDistance,
  foldName,
  instrumentKey,
  misreadPair,
  normaliseSymbol,
} from './symbol-names';
import { parseTimeframe } from './timeframe';

/**
 * Symbol and timeframe from the legend/title tokens of a chart screenshot:
 * TradingView "EURUSD · 15 · PEPPERSTONE", "Euro / U.S. Dollar · 1D · FXCM", "EUR/USD",
 * toolbars "EURUSD 15m", MetaTrader "EURUSD,H4", "EURUSDm,M15", "XAUUSD.r, Daily", "GOLD".
 */

interface Line {
  tokens: TextToken[];
}

/** Groups tokens into lines (vertical overlap) in reading order. */
export function toLines(tokens: readonly TextToken[]): Line[] {
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
  /** Null: an instrument named whose ticker is not known here (a fund tracking an index). */
  symbol: string | null;
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

/** The word after an index's name that makes it a fund's (an exchange-traded fund or note). */
const FUND_WORD = /^(?:ETF|ETN|FUND|TRUST)$/i;

/** "S&P 500 Index", "Nasdaq 100 Index" (the word Index, when read, belongs to the symbol). */
function describedIndex(tokens: TextToken[], i: number): SymbolHit | null {
  const name = tokens[i]!.text;
  const next = tokens[i + 1]?.text;
  for (const d of INDEX_DESCRIPTIONS) {
    if (next !== d.number) continue;
    if (typeof d.name === 'string' ? !fuzzyWord(name, d.name) : !d.name.test(name)) continue;
    const after = tokens[i + 2]?.text;
    // A fund tracking the index ("SPDR S&P 500 ETF Trust", "iShares Core S&P 500 ETF") is not
    // the index: its price is the fund's (SPY at 406 is no SPX at 4,060). Its name is still the
    // instrument's, which the timeframe follows.
    if (after && FUND_WORD.test(after)) {
      const end = FUND_WORD.test(tokens[i + 3]?.text ?? '') ? i + 3 : i + 2;
      return { symbol: null, end, timeframe: null };
    }
    return { symbol: d.ticker, end: after && fuzzyWord(after, 'INDEX') ? i + 2 : i + 1, timeframe: null };
  }
  return null;
}

/**
 * A token that separates the two names of a description: "/" (or what "/" is misread as: a tall
 * thin stroke, so also "[" or "]" as the OCR reads a small grey legend's slash), "vs".
 */
const NAME_SEPARATOR = /^(?:[/(|)[\]\\JIl17]|vs\.?)$/i;

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
 * Whether `next` (its text `first`) and `unit` are one timeframe cut in two words: a number of
 * digits, and right after it (closer than a unit's gap) more digits, with or without a unit.
 */
function cutTimeframe(next: TextToken, unit: TextToken, first = next.text): boolean {
  const height = next.box.bottom - next.box.top;
  return (
    unit.box.left - next.box.right < UNIT_MAX_GAP * height &&
    /^[0-9IlO]{1,3}$/.test(first) &&
    /[0-9]/.test(first) &&
    /^[0-9IlO]{1,3}[mhHDWM]?$/.test(unit.text) &&
    /[0-9]/.test(unit.text)
  );
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
  // A number cut into two words ("1 5" or "1 5m" for "15m": Roboto's "1" stands off the next
  // digit by nearly a space): the two together, or no timeframe (the first alone is a wrong one,
  // "3" for Roboto's "1" read as "3" before its "5"; and the second alone, "5m").
  if (unit && cutTimeframe(next, unit, first)) return parseTimeframe(first + unit.text, true);
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
        if (hit.symbol === null) {
          if (tf) evidence.positional.push(tf);
          i = hit.end;
          continue;
        }
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
      // MetaTrader's "SYMBOL,H4" whose symbol is cut by a crop or misread ("3jPY,H4",
      // "XA8JUSD,Daily"): the form itself says the timeframe is the chart's. MetaTrader 5 spells
      // the daily, weekly and monthly ones out; OCR reads their l as I about as often as l.
      const mt =
        /^[([]?[A-Za-z0-9.#_]{2,},(M[0-9]{1,2}|H[0-9]{1,2}|D1|W1|MN1?|Da[il1I][lI]y|Week[lI]y|Month[lI]y)[)\]jJ:]?$/.exec(
          text,
        );
      const mtTf = mt ? parseTimeframe(mt[1]!, false) : null;
      if (mtTf) {
        evidence.positional.push(mtTf);
        continue;
      }
      // The second word of a timeframe cut in two ("5m" of "1 5m") is no timeframe of its own.
      if (i > 0 && cutTimeframe(toks[i - 1]!, toks[i]!)) continue;
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

/** A token that is one slash or bracket, kept whatever the OCR's confidence (ocrTitleEvidence). */
const LONE_STROKE = /^[/[\]()\\]$/;

/** An OCR's word below this confidence (0-1) is left out: tesseract's guesses at icons and dashes. */
export const OCR_MIN_CONFIDENCE = 0.5;
/** A ticker that no vocabulary knows is taken from an OCR only at this confidence or more. */
const OCR_TICKER_CONFIDENCE = 0.8;
/** Quote currencies of crypto tickers ("GASUSDT", "BTCUSDC", "ETHBTC"), longest first. */
const CRYPTO_QUOTE = /^([A-Z0-9]{2,10}?)(USDT|USDC|BUSD|FDUSD|USD|BTC|ETH)(?:\.P)?$/;
/** MetaTrader's timeframe with its M read as V or N by an OCR ("GBPUSD,V15"). */
const MT_MISREAD = /^[VN]([0-9]{1,2})$/;

const box = (span: readonly TextToken[]): Rect => ({
  left: Math.min(...span.map((t) => t.box.left)),
  top: Math.min(...span.map((t) => t.box.top)),
  right: Math.max(...span.map((t) => t.box.right)),
  bottom: Math.max(...span.map((t) => t.box.bottom)),
});

/**
 * What a general OCR's words (the text port: readChart's `titleWords`) say about symbol and
 * timeframe: everything titleEvidence finds, and what only a clean read can be trusted with:
 * - MetaTrader's "NAME,TF" with a name no vocabulary knows ("Crude_Oil,M5" is CRUDEOIL): the
 *   form itself says it is the chart's title;
 * - a crypto ticker ("GASUSDT") read with high confidence;
 * - TradingView's legend "Description · 1D · Exchange": a timeframe between two separators;
 * - a ticker in capitals ("NVDA") whose letters abbreviate, in order and from the first, the
 *   description of that legend ("NVIDIA Corporation"): the two name one instrument.
 * Words below OCR_MIN_CONFIDENCE are left out, but for a lone slash or bracket: one thin stroke,
 * which the OCR reads with little confidence (no word around it to confirm it; "/" read as "[" at
 * 0.34 in a small grey legend) and which counts only as the separator between two names that
 * must themselves be read (describedPair).
 */
export function ocrTitleEvidence(words: readonly TextToken[]): TitleEvidence {
  const tokens = words
    .filter((w) => w.confidence >= OCR_MIN_CONFIDENCE || LONE_STROKE.test(w.text))
    .map((w) => ({ ...w, text: w.text.replace(/[\u2012-\u2015]/g, '-') }))
    .flatMap(unglueSeparators);
  const evidence = titleEvidence(tokens);
  const descriptions: string[] = [];
  // The description's own words ("US" of "US 100 Cash CFD") are not a ticker abbreviating it.
  const describing = new Set<string>();
  for (const { tokens: toks } of toLines(tokens)) {
    for (let i = 0; i < toks.length; i++) {
      const text = toks[i]!.text;
      // "NAME,TF" in one word or "NAME," "TF" in two.
      const glued = /^([A-Za-z][A-Za-z0-9_]{2,15}),(\S+)$/.exec(text);
      const apart = /^([A-Za-z][A-Za-z0-9_]{2,15}),$/.exec(text);
      const name = glued?.[1] ?? apart?.[1];
      const tfText = glued?.[2] ?? (apart ? toks[i + 1]?.text : undefined);
      if (name && tfText && /[A-Za-z]{2}/.test(name)) {
        const raw = tfText.replace(/[:;.,]$/, '');
        const repaired = MT_MISREAD.exec(raw);
        const tf = parseTimeframe(raw, false) ?? (repaired ? parseTimeframe(`M${repaired[1]}`, false) : null);
        if (tf) {
          const symbol = normaliseSymbol(name) ?? name.replace(/_/g, '').toUpperCase();
          evidence.symbols.push({
            symbol,
            withTimeframe: true,
            box: box(toks.slice(i, apart ? i + 2 : i + 1)),
          });
          evidence.positional.push(tf);
          continue;
        }
      }
      const crypto = CRYPTO_QUOTE.exec(text);
      if (crypto && toks[i]!.confidence >= OCR_TICKER_CONFIDENCE && !normaliseSymbol(text))
        evidence.symbols.push({ symbol: text.replace(/\.P$/, ''), withTimeframe: false, box: toks[i]!.box });
      // "Description · TF · Exchange": the words before the first separator describe the symbol.
      if (i > 0 && SEPARATOR.test(toks[i - 1]!.text) && toks[i + 1] && SEPARATOR.test(toks[i + 1]!.text)) {
        const tf = parseTimeframe(text, true);
        const before = toks.slice(0, i - 1).filter((t) => /^[A-Za-z][A-Za-z.&'-]*$/.test(t.text));
        if (tf && before.length > 0) {
          evidence.positional.push(tf);
          for (const t of toks.slice(0, i - 1)) describing.add(t.text.toUpperCase());
          descriptions.push(
            before
              .map((t) => t.text.replace(/[^A-Za-z]/g, ''))
              .join('')
              .toUpperCase(),
          );
        }
      }
    }
  }
  // A capitals-only ticker that abbreviates a described legend names the chart's instrument.
  for (const t of tokens) {
    if (!/^[A-Z]{2,5}$/.test(t.text) || t.confidence < OCR_TICKER_CONFIDENCE || describing.has(t.text))
      continue;
    if (descriptions.some((d) => d !== t.text && abbreviates(t.text, d)))
      evidence.symbols.push({ symbol: t.text, withTimeframe: true, box: t.box });
  }
  return evidence;
}

/**
 * TradingView's legend dot between two words is a few px wide, and an OCR often reads it as part
 * of the word beside it ("Dollar · 1 · FXCM" as "Dollar", "-", "1-", "FXCM"): a dot or dash at
 * either end of a word of letters and digits is split off as a separator of its own, its box a
 * share of the word's by characters. Points are left on (the "." of "U.S." or "EURUSD.a").
 */
function unglueSeparators(w: TextToken): TextToken[] {
  const m = /^([·•\-–—|]?)([A-Za-z0-9]+)([·•\-–—|]?)$/.exec(w.text);
  if (!m || (!m[1] && !m[3])) return [w];
  const per = (w.box.right - w.box.left) / w.text.length;
  const out: TextToken[] = [];
  let left = w.box.left;
  for (const part of [m[1]!, m[2]!, m[3]!]) {
    if (!part) continue;
    const right = left + per * part.length;
    out.push({ ...w, text: part, box: { ...w.box, left, right } });
    left = right;
  }
  return out;
}

/** `ticker`'s letters appear in `name` in order, starting with its first letter ("NVDA" in "NVIDIACORPORATION"). */
function abbreviates(ticker: string, name: string): boolean {
  if (ticker[0] !== name[0]) return false;
  let j = 1;
  for (let k = 1; k < ticker.length; k++) {
    j = name.indexOf(ticker[k]!, j);
    if (j < 0) return false;
    j++;
  }
  return true;
}

/** Finds the symbol and timeframe in legend/title tokens. */
export function identifyInstrument(tokens: readonly TextToken[]): {
  symbol: string | null;
  timeframe: Timeframe | null;
} {
  return decideTitle(titleEvidence(tokens));
}

/**
 * The title or legend names a Heikin Ashi chart ("Heikin Ashi", MetaTrader's "Heiken Ashi",
 * TradingView's "HA" is too short to tell from other text and is not taken). Its candles are
 * averages: opens at the previous body's midpoint, closes at the bar's mean, so the prices read
 * are the drawing's, not the market's. OCR reads the i as l or I and the n as m now and then.
 */
export function namesHeikinAshi(tokens: readonly TextToken[]): boolean {
  return tokens.some((t) => /h[ea][il1I]?k[eail1I][nm]/i.test(t.text));
}

/**
 * The chart's text names its period as MetaTrader does: a symbol, a comma, then a period written
 * letter first ("EURUSD,H4", "BTCUSD, H4:", MetaTrader 5's "EURUSD, Daily"), the period as
 * parseTimeframe reads it. Other platforms print "4h", "240" or "4H" after a dot or a space, and
 * cTrader's small "m30" is left out.
 */
export function namesMetaTraderPeriod(tokens: readonly TextToken[]): boolean {
  const text = tokens.map((t) => t.text).join(' ');
  for (const m of text.matchAll(/[A-Z]{3}[A-Za-z0-9.#_]*,\s*(\S+)/g))
    if (/^(?:[MHDW][0-9]|MN|Daily|Weekly|Monthly)/.test(m[1]!) && parseTimeframe(m[1]!) !== null) return true;
  return false;
}
