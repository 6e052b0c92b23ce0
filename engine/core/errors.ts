/**
 * The engine's one error type. Every failure a caller can act on has a code; the server maps
 * codes to HTTP statuses in one place and shows `message` to the trader, so messages must be
 * plain words that say what is wrong and what to do about it.
 */
export type EngineErrorCode =
  /** The input is not a usable image (wrong size, empty, corrupt pixel buffer). */
  | 'INVALID_IMAGE'
  /** No candlestick or OHLC-bar chart could be found in the image. */
  | 'NO_CHART_FOUND'
  /** A chart was found but its price axis labels could not be read or fitted. */
  | 'AXIS_UNREADABLE'
  /** Too few candles were found to analyse. */
  | 'TOO_FEW_CANDLES'
  /** The three screenshots show different instruments. */
  | 'SYMBOL_MISMATCH'
  /** A chart's timeframe cannot be the one its slot asks for (e.g. the 4h slot holds a 5m chart). */
  | 'TIMEFRAME_MISMATCH'
  /** An input series or parameter is malformed (empty CSV, NaN prices, negative account). */
  | 'INVALID_INPUT';

export class EngineError extends Error {
  override readonly name = 'EngineError';
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    /** Machine-readable context (which chart slot, which symbols, ...), safe to show. */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

export const isEngineError = (e: unknown): e is EngineError => e instanceof EngineError;
