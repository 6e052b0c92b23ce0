/**
 * A decoded image as the engine sees it: 8-bit RGBA, row-major, no padding.
 * Decoding (PNG/JPEG/WebP) happens outside the engine (sharp in server/ and bin/), so the
 * engine never touches files or codecs.
 */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  /** width * height * 4 bytes: R, G, B, A per pixel. */
  readonly data: Uint8Array | Uint8ClampedArray;
}

export function isRgbaImage(value: unknown): value is RgbaImage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<RgbaImage>;
  return (
    Number.isInteger(v.width) &&
    Number.isInteger(v.height) &&
    (v.width ?? 0) > 0 &&
    (v.height ?? 0) > 0 &&
    (v.data instanceof Uint8Array || v.data instanceof Uint8ClampedArray) &&
    v.data.length === (v.width ?? 0) * (v.height ?? 0) * 4
  );
}
