import type { TextToken } from './types';
import { parsePriceLabel } from './parse-price';

/**
 * Reads TradingView's legend "O1.13957 H1.13957 L1.13865 C1.13875" (also "O 1.1 H 1.2 ...").
 * An "O" read as a zero glued to the price ("01.12998", "0216.42": a general OCR does that) is
 * the open's letter: no price is printed with a zero before another digit.
 */
export function readLegendOhlc(
  tokens: readonly TextToken[],
): { open: number; high: number; low: number; close: number } | null {
  const found: Partial<Record<'O' | 'H' | 'L' | 'C', number>> = {};
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!.text.replace(/^0(?=\d)/, 'O');
    const m = /^([OHLC])[:=]?(.*)$/.exec(t);
    if (!m) continue;
    const key = m[1] as 'O' | 'H' | 'L' | 'C';
    if (found[key] !== undefined) continue;
    const rest = m[2] !== '' ? m[2]! : (tokens[i + 1]?.text ?? '');
    const v = parsePriceLabel(rest);
    if (v !== null) found[key] = v;
  }
  const { O, H, L, C } = found;
  if (O === undefined || H === undefined || L === undefined || C === undefined) return null;
  if (H < L || O > H || O < L || C > H || C < L) return null;
  return { open: O, high: H, low: L, close: C };
}

/**
 * Reads MetaTrader's title "EURUSD,H1 1.08986 1.08993 1.08953 1.08977" (MetaTrader 5 adds the
 * description and the tick volume): the last bar's open, high, low and close as four plain
 * numbers in a row, printed to one number of decimals (a misread digit often adds or drops one),
 * the high the largest and the low the smallest. Null when no four such numbers stand together.
 */
export function readHeaderOhlc(
  tokens: readonly TextToken[],
): { open: number; high: number; low: number; close: number } | null {
  const decimals = (t: string) => /^\d+\.(\d+)$/.exec(t)?.[1]?.length ?? 0;
  for (let i = 0; i + 4 <= tokens.length; i++) {
    const texts = tokens.slice(i, i + 4).map((t) => t.text);
    const d = decimals(texts[0]!);
    if (d === 0 || texts.some((t) => decimals(t) !== d)) continue;
    const [open, high, low, close] = texts.map((t) => parsePriceLabel(t)!) as [
      number,
      number,
      number,
      number,
    ];
    if (high >= Math.max(open, close, low) && low <= Math.min(open, close)) return { open, high, low, close };
  }
  return null;
}
