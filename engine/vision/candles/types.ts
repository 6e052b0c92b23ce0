/** One candle or bar as pixel rows, before any price scale is applied. */
export interface PixelCandle {
  /** Centre column, image px. */
  x: number;
  left: number;
  right: number;
  highY: number;
  lowY: number;
  /** Rows of the open and close (top/bottom of the body for candles; ticks for bars). */
  bodyTop: number;
  bodyBottom: number;
  /** Ink class filling the body (0 = hollow: background inside an outline). */
  fill: number;
  /** +1 bull, -1 bear, 0 unknown yet (candles get theirs from the colour classes). */
  direction: number;
  /** The body could not be told from the wick (1 px candles): open/close are a best reading. */
  ambiguous: boolean;
  /** Stem (wick) columns, image px. */
  stemLeft: number;
  stemRight: number;
  /**
   * The largest other shape in this one's columns, read as a candle: candles never share a
   * column, so the larger shape was taken, but a label's arrow or an indicator line's end may
   * outweigh the candle it stands over (see checks/continuity.ts preferJoiningAlternatives).
   */
  alternative?: PixelCandle;
  /**
   * Cut off its neighbours where their colour changes (candles/shapes.ts colourRuns): its
   * columns are all the candle's own, read whole, as a body drawn apart is.
   */
  byColour?: boolean;
}

export interface CandleExtraction {
  kind: 'candles' | 'bars';
  candles: PixelCandle[];
  barSpacing: number;
  warnings: string[];
  /** Some candle's body could not be told from its wick (1 px wide, or a flat doji). */
  uncertainBodies: boolean;
  /** Every shape read as a candle before fragments off the candles' lattice were dropped. */
  allShapes: PixelCandle[];
  /** One rendering pixel in image px (the wicks' width): 1 on a plain capture, 2-3 on a scaled one. */
  renderPx: number;
  /**
   * A band of bars one column each was read column by column (candles/columns.ts): the bars
   * stand 1 px apart, closer than the candle row's spacing otherwise allows.
   */
  columnBars?: boolean;
  /** The bars were read on a sub-pixel lattice (candles/sub-pixel.ts): this is its spacing, px. */
  subPixel?: number;
}

/** A candle's open row: a bull (or undecided) one opens at its body's bottom. */
export const openRow = (c: PixelCandle): number => (c.direction >= 0 ? c.bodyBottom : c.bodyTop);
/** A candle's close row: a bull (or undecided) one closes at its body's top. */
export const closeRow = (c: PixelCandle): number => (c.direction >= 0 ? c.bodyTop : c.bodyBottom);
