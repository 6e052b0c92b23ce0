/** A rectangle in image pixels; right/bottom are exclusive. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** One word or number read from the image (tokens split on gaps wider than ~0.4 em). */
export interface TextToken {
  text: string;
  box: Rect;
  /** 0..1: how well the worst glyph of the token matched its template. */
  confidence: number;
  /**
   * True when the text sits on a filled box inside the rect (last-price badge, drawing label):
   * a real price, but not a tick of the scale.
   */
  badge?: boolean;
  /**
   * The glyphs the text was read from, left to right (one per character of `text`): their
   * shapes let the labels of one axis be read again together (axis-solve.ts).
   */
  glyphs?: TokenGlyph[];
}

/** One glyph of a token: what it was read as, where it is, and its shape features. */
export interface TokenGlyph {
  text: string;
  box: Rect;
  /** glyphFeatures of the glyph on its line (features.ts). */
  features: Float32Array;
}
