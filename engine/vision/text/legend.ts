import type { TextToken } from './types';
import { parsePriceLabel } from './parse-price';

/** Reads TradingView's legend "O1.13957 H1.13957 L1.13865 C1.13875" (also "O 1.1 H 1.2 ..."). */
export function readLegendOhlc(
  tokens: readonly TextToken[],
): { open: number; high: number; low: number; close: number } | null {
  const found: Partial<Record<'O' | 'H' | 'L' | 'C', number>> = {};
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!.text;
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
