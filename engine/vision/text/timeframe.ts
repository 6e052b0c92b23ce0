import type { Timeframe } from '../../core/ohlc';

/* Timeframes as charts write them (TradingView, MetaTrader, toolbars), and their OCR misreads. */

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
 * Units as Chinese, Japanese and Korean toolbars and legends write them after the number
 * ("4小时", "15分钟", "1時間", "1日", "1週", "15분", "4시간"), to minutes (a day and more: to
 * the letter). A general OCR with a CJK model reads these; the engine's Latin glyphs never do.
 */
const CJK_UNITS: readonly [RegExp, number | 'd' | 'w' | 'M'][] = [
  [/^(?:分钟|分鐘|分|분)$/, 1],
  [/^(?:小时|小時|時間|时|時|시간)$/, 60],
  [/^(?:日|天|일)$/, 'd'],
  [/^(?:周|週|주)$/, 'w'],
  [/^(?:个月|個月|ヶ月|か月|カ月|月|개월|월)$/, 'M'],
];

/** Kana, CJK ideographs and Hangul. */
const CJK_SCRIPT = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** "4小时" and the like (CJK_UNITS), or null. A unit without its number ("分时", a line chart) is none. */
function parseCjkTimeframe(t: string): Timeframe | null {
  const m = /^([0-9]{1,3})\s?(\S{1,2})$/u.exec(t);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = CJK_UNITS.find(([re]) => re.test(m[2]!))?.[1];
  if (unit === undefined || n <= 0) return null;
  if (typeof unit === 'number') return fromMinutes(n * unit);
  return n === 1 ? (unit === 'd' ? '1d' : unit === 'w' ? '1w' : '1M') : null;
}

/**
 * A timeframe written with its unit: TradingView "15m", "4h", "1D", "1W", "1M" (month), "D";
 * MetaTrader "M15", "H4", "D1", "W1", "MN1", "Daily"; CJK "4小时" (CJK_UNITS). `bareMinutes` also accepts TradingView's
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
  if (CJK_SCRIPT.test(t)) return parseCjkTimeframe(t);
  // OCR reads the l of "Daily"/"Weekly" as I about as often as l.
  const word = t.replace(/I/g, 'l').toLowerCase();
  if (word === 'daily' || word === 'day') return '1d';
  if (word === 'weekly' || word === 'week') return '1w';
  if (word === 'monthly' || word === 'month') return '1M';
  if (/^(MN1?|1MN)$/.test(t)) return '1M';
  // cTrader writes minutes and hours in small letters ("EURUSD, m30", "h4").
  const small = /^([mh])([0-9]{1,3})$/.exec(t);
  if (small) return fromMinutes(Number(small[2]) * (small[1] === 'h' ? 60 : 1));
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
