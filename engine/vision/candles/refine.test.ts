import { mixColour, solidRaster } from '../test-support/raster';
import { refineAll } from './refine';
import type { PixelCandle } from './types';

/**
 * A phone capture at a pixel ratio of 3 on JPEG (as the corpus renders j77-005, j177-004): 3 px
 * wicks, and every edge blurred over two rows (shares 0.64 and 0.3 beyond a body's first and
 * last solid rows, 0.35 in the columns beside a wick). Where a grid line crosses the wick just
 * above the body, and JPEG's ringing darkens the column beside the wick in the rows between, the
 * shape's rows there reach one column past the stem: the shape's body starts 5 rows above the
 * body (and a row below it), in rows only the stem's neighbour holds.
 */
function phoneCandles() {
  const bg = 0xffffff;
  const ink = 0xef5350;
  const width = 80;
  const height = 60;
  const { raster, set } = solidRaster(width, height, bg);
  const ids = new Int32Array(width * height);
  const classes = new Uint8Array(width * height);
  const label = (x: number, y: number, id: number) => {
    ids[y * width + x] = id;
    classes[y * width + x] = 1;
  };
  const paint = (x: number, y: number, a: number, id: number, labelled = a >= 0.5) => {
    set(x, y, mixColour(bg, ink, a));
    if (labelled) label(x, y, id);
  };
  const measured: { candle: PixelCandle; id: number }[] = [];
  // Drawn: wick rows 5..54 (column cx solid, cx +- 1 at 0.65, cx +- 2 at 0.35: 3 px of ink),
  // body rows 20..37 in columns cx-7..cx+7; blurred, the body is solid over rows 21..36 with
  // 0.64 and 0.3 in the two rows beyond either end.
  for (const [n, cx] of [10, 30, 50].entries()) {
    const id = n + 1;
    for (let y = 3; y <= 56; y++) {
      const a = y === 3 || y === 56 ? 0.3 : y === 4 || y === 55 ? 0.64 : 1;
      paint(cx, y, a, id);
      for (const [dx, share] of [
        [1, 0.65],
        [2, 0.35],
      ] as const) {
        paint(cx - dx, y, a * share, id);
        paint(cx + dx, y, a * share, id);
      }
    }
    const bodyA = (y: number) => (y === 19 || y === 38 ? 0.3 : y === 20 || y === 37 ? 0.64 : 1);
    for (let y = 19; y <= 38; y++)
      for (let x = cx - 7; x <= cx + 7; x++) if (x < cx - 1 || x > cx + 1) paint(x, y, bodyA(y), id);
    // The ringing column beside the wick, held by the shape from the grid line (row 15) down to
    // the body, and a row below it.
    for (const y of [15, 16, 17, 18, 39]) {
      set(cx + 2, y, mixColour(bg, ink, 0.55));
      label(cx + 2, y, id);
    }
    measured.push({
      id,
      candle: {
        x: cx,
        left: cx - 7,
        right: cx + 7,
        highY: 4,
        lowY: 55,
        bodyTop: 15,
        bodyBottom: 40,
        fill: 1,
        direction: 0,
        ambiguous: false,
        stemLeft: cx - 1,
        stemRight: cx + 1,
      },
    });
  }
  const plot = { left: 0, top: 0, right: width - 1, bottom: height - 1 };
  const unit = refineAll(
    measured,
    classes,
    ids,
    width,
    plot,
    [{ colour: ink, mass: 1 }],
    {
      raster,
      background: bg,
    },
    false,
  );
  return { unit, candles: measured.map((m) => m.candle) };
}

describe('refineAll: body ends at a pixel ratio of 3 on JPEG', () => {
  it("reads the body's ends in its own columns' runs of ink, not in rows only the stem's neighbour holds", () => {
    const { unit, candles } = phoneCandles();
    expect(unit).toBe(3);
    for (const c of candles) {
      // Drawn from row 20 through row 37; price rows: the first, and the last less two (unit 3).
      // Without the columns' own runs no column holds ink in the shape's rows 15 and 39 and
      // they were taken whole: 15 and 37.
      expect(c.bodyTop).toBeCloseTo(20, 0);
      expect(c.bodyBottom).toBeCloseTo(35, 0);
    }
  });
});
