import type { RgbaImage } from '../../core/image';
import type { Rect, TextToken } from './types';

/**
 * Finds the text lines in `rect` (any background: dark, light or a coloured badge; any scale)
 * and returns one token per word/number, top to bottom then left to right.
 */
export function readText(image: RgbaImage, rect: Rect): TextToken[] {
  // First cut: the recogniser lands in the next commit; an empty reading means "nothing read",
  // never an invented value.
  void image;
  void rect;
  return [];
}
