import type { Raster } from '../pixels/raster';

/**
 * A raster of one colour to paint a stage's test case on, pixel by pixel (`set`). The stages
 * below the decoder read only `width`, `height` and the packed `rgb`.
 */
export function solidRaster(width: number, height: number, colour: number) {
  const rgb = new Uint32Array(width * height).fill(colour);
  const raster = { width, height, rgb } as Raster;
  const set = (x: number, y: number, c: number) => (rgb[y * width + x] = c);
  return { raster, set };
}

/** `ink` laid over `bg` at coverage `a` (0..1), channel by channel: an anti-aliased or blurred pixel. */
export function mixColour(bg: number, ink: number, a: number): number {
  let out = 0;
  for (const s of [16, 8, 0]) {
    const b = (bg >> s) & 255;
    out |= Math.round(b + (((ink >> s) & 255) - b) * a) << s;
  }
  return out;
}
