import { isBox, isLabelBox } from './label-boxes';
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

describe('isLabelBox: the glyph holes make one line of text', () => {
  // A shape `w` x `h` whose ink is id 0, with holes (-1) cut out of it; a hole is a block
  // less its top-right corner, so it fills under 80 % of its own box as a glyph does.
  function shape(w: number, h: number, holes: [x: number, y: number, hw: number, hh: number][]) {
    const labels = new Int32Array(w * h).fill(0);
    for (const [x0, y0, hw, hh] of holes)
      for (let y = y0; y < y0 + hh; y++)
        for (let x = x0; x < x0 + hw; x++) {
          const corner = x >= x0 + hw - Math.ceil(hw / 2) && y < y0 + Math.ceil(hh / 2);
          if (!corner) labels[y * w + x] = -1;
        }
    let count = 0;
    for (const l of labels) if (l === 0) count++;
    return { c: { minX: 0, maxX: w - 1, minY: 0, maxY: h - 1, count }, labels };
  }

  it('takes three glyphs side by side on one line for a label', () => {
    const { c, labels } = shape(40, 14, [
      [3, 3, 5, 7],
      [11, 3, 5, 7],
      [19, 4, 5, 6],
    ]);
    expect(isLabelBox(c, 0, labels, 40)).toBe(true);
  });

  it('takes no label from holes that share no line (a JPEG speck beside two tall gaps a line closes)', () => {
    // j177-009 15m: a 4x3 speck at the bottom of two 25-row gaps between a moving average in the
    // bear colour and the candles it glued; they cross the speck's middle row, not it theirs.
    const { c, labels } = shape(60, 40, [
      [10, 5, 6, 25],
      [17, 27, 4, 3],
      [22, 5, 7, 25],
    ]);
    expect(isLabelBox(c, 0, labels, 60)).toBe(false);
  });
});

describe('isBox: a line bridged into candles is no text', () => {
  // A 40 x 14 block of one shape (black, on white), crossed by four 8-row runs of a pink line's
  // colour: glyph-sized pieces of a colour of their own, as a tag's text. Where those are the
  // pixels bridgeOccluders gave to the candles under a moving average (a chain of tick-joined
  // bars joined into one wide shape: c11-005), they are not text and the shape is no tag.
  const [w, h] = [40, 14];
  const labels = new Int32Array(w * h).fill(0);
  const rgb = new Uint32Array(w * h).fill(0x000000);
  const bridged = new Uint8Array(w * h);
  for (const x of [6, 14, 22, 30])
    for (let y = 3; y < 11; y++) [rgb[y * w + x], bridged[y * w + x]] = [0xff5050, 1];
  const c = { minX: 0, maxX: w - 1, minY: 0, maxY: h - 1, count: w * h };
  const colours = { rgb, width: w, left: 0, top: 0, background: 0xffffff, colours: [0x000000] };

  it('takes the runs for text when nothing says they were bridged', () => {
    expect(isBox(c, 0, labels, w, 3, colours)).toBe(true);
  });

  it('leaves the bridged pixels out of the text', () => {
    expect(isBox(c, 0, labels, w, 3, { ...colours, bridged })).toBe(false);
  });
});
