/**
 * Branded numbers for the coordinate spaces that are easy to mix up (the idea of
 * lightweight-charts' `Nominal<number, 'PlotRowIndex'>`): a pixel row is not a price and a
 * price is not a bar index, even though all three are plain numbers at run time.
 */
export type Nominal<T, Name extends string> = T & { readonly __brand: Name };

/** Horizontal position in image pixels (0 = left edge of the screenshot). */
export type PixelX = Nominal<number, 'PixelX'>;
/** Vertical position in image pixels (0 = top edge of the screenshot). */
export type PixelY = Nominal<number, 'PixelY'>;
/** A price in the chart's own units (1.08420 for EURUSD, 2350.15 for XAUUSD). */
export type Price = Nominal<number, 'Price'>;
/** Position of a bar in an OHLC series, 0 = the oldest bar. */
export type BarIndex = Nominal<number, 'BarIndex'>;

export const pixelX = (n: number) => n as PixelX;
export const pixelY = (n: number) => n as PixelY;
export const price = (n: number) => n as Price;
export const barIndex = (n: number) => n as BarIndex;
