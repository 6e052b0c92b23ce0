import { paintChart } from '../test-support/paint';
import { pixelStages } from '../test-support/stages';
import type { RgbaImage } from '../../core/image';

// Strategy tags drawn in a candle colour with text inside ("AMD", "Sweep", "CHoCH" on a
// TradingView strategy's chart): read as candles they open and close a body away from their
// neighbours, and the continuity check refused the whole chart (real set: TradingView 30m JPEG).

const setPixel = (img: RgbaImage, x: number, y: number, c: number) => {
  const i = (y * img.width + x) * 4;
  img.data[i] = (c >> 16) & 255;
  img.data[i + 1] = (c >> 8) & 255;
  img.data[i + 2] = c & 255;
};
const mix = (a: number, b: number, t: number) => {
  let out = 0;
  for (const s of [16, 8, 0]) {
    const u = (a >> s) & 255;
    out |= Math.round(u + (((b >> s) & 255) - u) * t) << s;
  }
  return out;
};

/** 5x7 glyphs of "AMDS", one string per row. */
const GLYPHS = [
  ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
];

/**
 * A tag filled with `fill` from (x0, y0), 3 px margins, its four glyphs in `text` at 2 px a glyph
 * pixel, `pitch` px apart (10: the glyphs touch, as JPEG's blur joins a small font's).
 */
function drawTag(img: RgbaImage, x0: number, y0: number, fill: number, text: number, pitch = 12) {
  const w = 3 + GLYPHS.length * pitch + 1;
  const h = 3 + 14 + 3;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) setPixel(img, x0 + x, y0 + y, fill);
  GLYPHS.forEach((g, k) =>
    g.forEach((row, dy) => {
      for (let dx = 0; dx < 5; dx++)
        if (row[dx] === '#')
          for (const [u, v] of [
            [0, 0],
            [1, 0],
            [0, 1],
            [1, 1],
          ] as const)
            setPixel(img, x0 + 3 + k * pitch + 2 * dx + u, y0 + 3 + 2 * dy + v, text);
    }),
  );
}

describe('label boxes in a candle colour', () => {
  const bull = 0x26a69a;
  const white = 0xffffff;

  it('leaves out a tag whose text leaves holes in it (text knocked out in the background colour)', () => {
    const painted = paintChart({ seed: 3 });
    // Below every candle (their lows end above row 333), so only the tag makes those rows.
    drawTag(painted.image, 200, 340, bull, 0x131722);
    const { ex } = pixelStages(painted.image);
    expect(ex.candles.every((c) => c.lowY < 338)).toBe(true);
    expect(ex.candles.length).toBe(painted.candles.length);
  });

  it('leaves out a tag whose text blurred into its colour (no holes: read by the text colour)', () => {
    const painted = paintChart({ seed: 3 });
    // The text as JPEG and a small font leave it: a pale blend of the fill that still reads as
    // ink of the fill's class.
    drawTag(painted.image, 200, 340, bull, mix(bull, white, 0.6));
    const { ex } = pixelStages(painted.image);
    expect(ex.candles.every((c) => c.lowY < 338)).toBe(true);
    expect(ex.candles.length).toBe(painted.candles.length);
  });

  it('leaves out a tag whose blurred glyphs touch one another (one piece of text, several strokes)', () => {
    const painted = paintChart({ seed: 3 });
    drawTag(painted.image, 200, 340, bull, mix(bull, white, 0.6), 10);
    const { ex } = pixelStages(painted.image);
    expect(ex.candles.every((c) => c.lowY < 338)).toBe(true);
    expect(ex.candles.length).toBe(painted.candles.length);
  });

  it('keeps touching candles and hollow ones (no text inside them)', () => {
    for (const o of [
      { seed: 4, spacing: 3.2, bodyWidth: 3, touching: true },
      { seed: 5, hollowBull: true, outline: 0x00ff00, bull: 0x00ff00, bear: 0x000000 },
    ]) {
      const painted = paintChart(o);
      const { ex } = pixelStages(painted.image);
      const without = ex.allShapes.length;
      // The same chart read without the tag test would find as many shapes: compare with the
      // painted count within the tolerance the other candle tests allow for dense charts.
      expect(without).toBeGreaterThanOrEqual(painted.candles.length * 0.9);
    }
  });
});
