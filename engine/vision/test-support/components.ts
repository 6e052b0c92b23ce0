import type { Component } from '../candles/shapes';

/** A solid rectangular component spanning columns minX..maxX and rows minY..maxY (inclusive). */
export const box = (minX: number, maxX: number, minY: number, maxY: number): Component => ({
  minX,
  maxX,
  minY,
  maxY,
  count: (maxX - minX + 1) * (maxY - minY + 1),
});
