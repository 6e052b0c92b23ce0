import type { RgbaImage } from '../../core/image';
import { dilutedInk, tint } from './palette';
import { learnPalette } from './learn';
import { paintChart } from '../test-support/paint';
import { colourDistance, toRaster } from '../pixels/raster';
import { findLayout, type Layout } from '../layout';
import type { Raster } from '../pixels/raster';
import { classifyInk, inkClassOf, joinSeams } from './classify-ink';

describe('JPEG-diluted ink', () => {
  // Magenta candles on white: a JPEG wick keeps the ink's brightness, its colour is averaged
  // with the white beside it (pixels measured on a quality-64 capture).
  const white = 0xffffff;
  const magenta = 0xa61b74;

  it('accepts a thin stroke whose colour JPEG diluted but whose brightness is the ink', () => {
    for (const wick of [0x452b46, 0x633c5b, 0x78446a]) {
      expect(tint(wick, white, magenta).off).toBeGreaterThan(50);
      expect(dilutedInk(wick, white, magenta)).toBe(true);
    }
  });

  it('accepts stronger colour than a class learned from JPEG-diluted thin strokes', () => {
    // MetaTrader's #00ff00 outlines on black, learned as #64b966 from their 1-px strokes;
    // outline pixels with more green than that (quality 63).
    for (const c of [0x51cb54, 0x51d039]) expect(dilutedInk(c, 0x010101, 0x64b966)).toBe(true);
    // A hollow teal outline learned as #497e73 on white; its wick with TradingView's teal.
    expect(dilutedInk(0x30987d, white, 0x497e73)).toBe(true);
    // Grey of the same brightness, and red, are still no green ink.
    expect(dilutedInk(0x8a8a8a, 0x010101, 0x64b966)).toBe(false);
    expect(dilutedInk(0xd04040, 0x010101, 0x64b966)).toBe(false);
  });

  it('holds stronger colour to a pale class hue by angle, not distance (a class blended with white)', () => {
    // MetaTrader Green on Black on JPEG, class learned as #c8ffc6 (the #00ff00 outlines mixed
    // with the white bear fills): a wick's pixel where it meets a hollow body's top row and an
    // outline pixel, at twice the class's chroma, point off its hue by more than the plain
    // tolerance (quality 79, measured).
    for (const c of [0x54da67, 0x3ac64c]) expect(dilutedInk(c, 0x000000, 0xc8ffc6)).toBe(true);
    // Grey of that brightness, red, and a blue-green of another hue are still no green ink.
    expect(dilutedInk(0x8a8a8a, 0x000000, 0xc8ffc6)).toBe(false);
    expect(dilutedInk(0xd04040, 0x000000, 0xc8ffc6)).toBe(false);
    expect(dilutedInk(0x00a0c8, 0x000000, 0xc8ffc6)).toBe(false);
    // A saturated class keeps the plain tolerance: a cyan indicator line beside teal candles
    // on white, and an orange one beside #e78742 bodies on a dark plot (PNG), are no candle ink.
    expect(dilutedInk(0x00bcd4, white, 0x26a69a)).toBe(false);
    expect(dilutedInk(0xff9800, 0x111b28, 0xe78742)).toBe(false);
  });

  it('keeps a stroke darker than its ink (JPEG ringing) on the background-ink line', () => {
    // A 1-px teal wick on white, darker than the class colour by a tenth of the way.
    const t = tint(0x1d775e, white, 0x497e73);
    expect(t.alpha).toBeGreaterThan(1);
    expect(t.off).toBeLessThan(30);
  });

  it('rejects grey text, another hue and a plain blend of another ink', () => {
    // Neutral grey as dark as the ink: no colour at all, so not diluted ink.
    expect(dilutedInk(0x4e4e4e, white, magenta)).toBe(false);
    // The blue candles of the same chart.
    expect(dilutedInk(0x264597, white, magenta)).toBe(false);
    // A pink indicator line's anti-aliased edge on a dark chart with red candles: dimmed in
    // brightness and colour alike, which is a blend, not JPEG dilution.
    expect(dilutedInk(0xbe1d57, 0x211f2c, 0xf6465d)).toBe(false);
  });
});

describe('palette on a JPEG capture', () => {
  it('does not learn the colour JPEG bleeds beside bodies (background brightness, ink hue)', () => {
    const bg = 0x1a1a32;
    const { image, candles } = paintChart({
      background: bg,
      grid: null,
      bull: 0x2a62fd,
      bear: 0xfcfdff,
      seed: 31,
    });
    // Two columns either side of every body carry the blue's hue at the background's brightness.
    const { data, width } = image;
    for (const c of candles) {
      for (let y = Math.min(c.openY, c.closeY); y <= Math.max(c.openY, c.closeY); y++) {
        for (const x of [c.x - 5, c.x - 4, c.x + 4, c.x + 5]) {
          const k = (y * width + x) * 4;
          [data[k], data[k + 1], data[k + 2]] = [0x06, 0x1b, 0x65];
        }
      }
    }
    const raster = toRaster(image);
    const palette = learnPalette(raster, findLayout(raster)!);
    expect(palette.map((p) => p.colour)).toEqual(expect.arrayContaining([0x2a62fd, 0xfcfdff]));
    expect(palette).toHaveLength(2);
  });
});

describe('a JPEG body border', () => {
  it('is the body class, not a class of its own', () => {
    const bg = 0xffffff;
    const bear = 0xf43547;
    // Measured on a quality-78 capture: a red body's edge pixels and its wicks keep the red's
    // brightness while their colour is averaged with the white beside them. As a class of its
    // own it ranked above the hollow teal outlines, and a third class that is thin in most
    // columns is cleared as an indicator line.
    const rim = 0xc54957;
    const bull = 0x089981;
    const painted = paintChart({ background: bg, grid: null, bull, bear, seed: 7 });
    const { data, width, height } = painted.image;
    const src = new Uint32Array(width * height);
    for (let i = 0; i < src.length; i++)
      src[i] = (data[i * 4]! << 16) | (data[i * 4 + 1]! << 8) | data[i * 4 + 2]!;
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        if (src[i] !== bear) continue;
        if (![src[i - 1], src[i + 1], src[i - width], src[i + width]].includes(bg)) continue;
        [data[i * 4], data[i * 4 + 1], data[i * 4 + 2]] = [(rim >> 16) & 255, (rim >> 8) & 255, rim & 255];
      }
    }
    const raster = toRaster(painted.image);
    const palette = learnPalette(raster, findLayout(raster)!);
    expect(palette.map((k) => k.colour)).toEqual(expect.arrayContaining([bull, bear]));
    expect(palette).toHaveLength(2);
  });
});

describe('a thin outline drawn between two pixel columns (1.5x capture)', () => {
  it('learns the outline colour, not its half-covered blend, though the blend has more pixels', () => {
    const bg = 0x161a25;
    const outline = 0x089981;
    const painted = paintChart({
      background: bg,
      grid: null,
      hollowBull: true,
      outline,
      bear: 0xf23645,
      seed: 19,
    });
    const { data, width } = painted.image;
    const half = (v: number, b: number) => Math.round(b + (v - b) * 0.5);
    const blend =
      (half((outline >> 16) & 255, (bg >> 16) & 255) << 16) |
      (half((outline >> 8) & 255, (bg >> 8) & 255) << 8) |
      half(outline & 255, bg & 255);
    const set = (x: number, y: number) => {
      const k = (y * width + x) * 4;
      [data[k], data[k + 1], data[k + 2]] = [(blend >> 16) & 255, (blend >> 8) & 255, blend & 255];
    };
    const isBg = (x: number, y: number) => {
      const k = (y * width + x) * 4;
      return ((data[k]! << 16) | (data[k + 1]! << 8) | data[k + 2]!) === bg;
    };
    // Every outline pixel gets a half-covered neighbour on both sides where the background was.
    const src = new Uint8Array(data);
    const h = painted.image.height;
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const k = (y * width + x) * 4;
        if (((src[k]! << 16) | (src[k + 1]! << 8) | src[k + 2]!) !== outline) continue;
        for (const dx of [-1, 1]) if (isBg(x + dx, y)) set(x + dx, y);
      }
    }
    const raster = toRaster(painted.image);
    const layout = findLayout(raster)!;
    const palette = learnPalette(raster, layout);
    const near = (c: number) => palette.some((k) => colourDistance(k.colour, c) <= 24);
    expect(near(outline)).toBe(true);
    expect(palette.some((k) => colourDistance(k.colour, blend) <= 12)).toBe(false);
  });
});

describe('a plot shaded in bands (split areas)', () => {
  it('learns the candle colours though the faint band fill makes most of the vertical strokes', () => {
    const bg = 0xffffff;
    const band = 0xeeeeee;
    const { image, plotRight } = paintChart({ background: bg, grid: 0xe0e3eb, seed: 23 });
    // The plot as found without the bands (with them, this unlabelled painting has no region;
    // a real chart's price labels keep it).
    const { plot } = findLayout(toRaster(image))!;
    // Every other 40-row stretch of the plot is filled with the band colour under the candles.
    const { data, width, height } = image;
    for (let y = 30; y < height - 30; y++) {
      if (Math.floor((y - 30) / 40) % 2 === 0) continue;
      for (let x = 0; x <= plotRight; x++) {
        const k = (y * width + x) * 4;
        if (((data[k]! << 16) | (data[k + 1]! << 8) | data[k + 2]!) !== bg) continue;
        [data[k], data[k + 1], data[k + 2]] = [(band >> 16) & 255, (band >> 8) & 255, band & 255];
      }
    }
    const raster = toRaster(image);
    const palette = learnPalette(raster, { ...findLayout(raster)!, plot });
    expect(palette.map((p) => p.colour)).toEqual(expect.arrayContaining([0x26a69a, 0xef5350]));
  });
});

/**
 * Paints a volume bar under every candle (columns x-left .. x+right), in its colour at 45 % over
 * `bg`, standing on the plot's bottom (31 rows above the image's) and minTall to minTall+49 rows
 * tall; returns that bottom row.
 */
function paintVolume(
  image: RgbaImage,
  candles: readonly { x: number; openY: number; closeY: number }[],
  o: { bg: number; bull: number; bear: number; minTall: number; left: number; right: number },
): number {
  const { data, width, height } = image;
  const tinted = (c: number) => {
    const mix = (s: number) =>
      Math.round(((o.bg >> s) & 255) + (((c >> s) & 255) - ((o.bg >> s) & 255)) * 0.45);
    return [mix(16), mix(8), mix(0)] as const;
  };
  const bottom = height - 31;
  candles.forEach((c, i) => {
    const rgb = tinted(c.closeY < c.openY ? o.bull : o.bear);
    const tall = o.minTall + ((i * 37) % 50);
    for (let y = bottom - tall; y <= bottom; y++)
      for (let x = c.x - o.left; x <= c.x + o.right; x++) {
        const k = (y * width + x) * 4;
        [data[k], data[k + 1], data[k + 2]] = rgb;
      }
  });
  return bottom;
}

describe('a volume histogram whose tints outnumber thin dense candles', () => {
  it('learns the candle colours, and the tints go with them', () => {
    const bg = 0x1e222d;
    const bull = 0x089981;
    const bear = 0xf23645;
    // Dense OHLC bars (1 px stems): few stroke pixels per bar.
    const { image, candles } = paintChart({
      background: bg,
      grid: null,
      bull,
      bear,
      bars: true,
      spacing: 4,
      bodyWidth: 3,
      maxWick: 4,
      seed: 5,
    });
    // A 2 px wide volume bar under every bar, in its colour at 45 %, standing on the plot's bottom
    // and up to a fifth of the plot tall: more stroke pixels than the bars themselves.
    const bottom = paintVolume(image, candles, { bg, bull, bear, minTall: 20, left: 1, right: 0 });
    const raster = toRaster(image);
    const layout = findLayout(raster)!;
    const palette = learnPalette(raster, { ...layout, plot: { ...layout.plot, bottom } });
    expect(palette.map((p) => p.colour).sort()).toEqual([bull, bear].sort());
  });
});

describe('a volume histogram whose wide tinted bars outweigh a few wide candles', () => {
  it('learns the candle colours though they fill bodies of their own', () => {
    const bg = 0x1e222d;
    const bull = 0x089981;
    const bear = 0xf23645;
    const { image, candles } = paintChart({
      background: bg,
      grid: null,
      bull,
      bear,
      spacing: 24,
      bodyWidth: 17,
      seed: 7,
    });
    // TradingView's volume overlay: a bar as wide as the spacing allows under every candle, in
    // its colour at 45 %, standing on the plot's bottom and up to a quarter of the plot tall.
    const bottom = paintVolume(image, candles, { bg, bull, bear, minTall: 40, left: 11, right: 10 });
    const raster = toRaster(image);
    const layout = findLayout(raster)!;
    const palette = learnPalette(raster, { ...layout, plot: { ...layout.plot, bottom } });
    expect(
      palette
        .slice(0, 2)
        .map((p) => p.colour)
        .sort(),
    ).toEqual([bull, bear].sort());
  });
});

describe('grey bodies beside black ones on a noisy capture', () => {
  it('learns the grey as a class of its own, though its bodies are too noisy to count as filled', () => {
    const white = 0xffffff;
    const grey = 0x5d606b;
    const black = 0x000000;
    const { image } = paintChart({ background: white, grid: null, bull: grey, bear: black, seed: 11 });
    // JPEG-like noise on the ink (a few levels either way, per pixel and channel): a flat body's
    // pixels fall either side of the colour bins' edges, so few have both neighbours in theirs.
    const { data } = image;
    let seed = 1;
    const noise = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (seed % 13) - 6;
    };
    for (let k = 0; k < data.length; k += 4) {
      if (data[k] === 255 && data[k + 1] === 255 && data[k + 2] === 255) continue;
      for (let c = 0; c < 3; c++) data[k + c] = Math.max(0, Math.min(255, data[k + c]! + noise()));
    }
    const raster = toRaster(image);
    const palette = learnPalette(raster, findLayout(raster)!);
    expect(palette).toHaveLength(2);
    expect(colourDistance(palette[0]!.colour, black)).toBeLessThan(30);
    expect(colourDistance(palette[1]!.colour, grey)).toBeLessThan(30);
  });
});

describe('palette with order lines in the outline colour', () => {
  it('learns a hollow outline colour that horizontal lines are drawn in too (MetaTrader trade levels)', () => {
    // MetaTrader black with a goldenrod scheme: bull bodies hollow, outlined in the colour its
    // order and stop levels are drawn in across the plot.
    const goldenrod = 0xdaa520;
    const { image } = paintChart({
      background: 0x000000,
      grid: null,
      bull: goldenrod,
      bear: 0xffffff,
      hollowBull: true,
      outline: goldenrod,
      spacing: 16,
      bodyWidth: 9,
      seed: 5,
    });
    const set = (x: number, y: number) => {
      const i = (y * image.width + x) * 4;
      image.data.set([0xda, 0xa5, 0x20, 255], i);
    };
    // Four levels across the plot: horizontal only, so the layout takes them for grid rows.
    for (const y of [20, 45, 330, 360]) for (let x = 0; x < image.width - 62; x++) set(x, y);
    const raster = toRaster(image);
    const layout = findLayout(raster, image)!;
    expect(layout.lineColours.some((l) => colourDistance(l, goldenrod) <= 8)).toBe(true);
    const palette = learnPalette(raster, layout);
    expect(palette.some((k) => colourDistance(k.colour, goldenrod) <= 8)).toBe(true);
  });
});

describe('a dashed vertical line in a colour of its own', () => {
  it('is no candle class (MetaTrader event and period-separator lines)', () => {
    const blue = 0x0000ff;
    const painted = paintChart({ background: 0x000000, grid: null, bull: 0xffff00, bear: 0xffff00, seed: 5 });
    const { data, width, height } = painted.image;
    // Two dashed lines, 4 px on and 4 px off, down the plot: each dash a vertical stroke.
    for (const x of [203, 431])
      for (let y = 0; y < height - 30; y++)
        if (y % 8 < 4) {
          const i = (y * width + x) * 4;
          [data[i], data[i + 1], data[i + 2]] = [0, 0, 255];
        }
    const raster = toRaster(painted.image);
    const layout = findLayout(raster)!;
    expect(layout.gridColumns.some((g) => colourDistance(g.colour, blue) < 8)).toBe(true);
    const palette = learnPalette(raster, layout);
    expect(palette.map((k) => k.colour)).toEqual([0xffff00]);
  });
});

describe('a volume histogram in a colour of its own', () => {
  it('ranks after the candle colours and does not take the outlines of a near hue', () => {
    // MetaTrader's Green on Black: #00ff00 outlines and wicks, white bear bodies, hollow bulls,
    // and #32cd32 tick volumes along the bottom outweighing the thin outlines.
    const painted = paintChart({
      background: 0x000000,
      grid: null,
      bull: 0x00ff00,
      bear: 0xffffff,
      hollowBull: true,
      outline: 0x00ff00,
      seed: 5,
    });
    const { data, width, height } = painted.image;
    for (const c of painted.candles) {
      const h = 20 + ((c.x * 7) % 30);
      for (let y = height - 31 - h; y < height - 31; y++)
        for (let x = c.x - 3; x <= c.x + 3; x++) {
          const i = (y * width + x) * 4;
          [data[i], data[i + 1], data[i + 2]] = [0x32, 0xcd, 0x32];
        }
    }
    const raster = toRaster(painted.image);
    const palette = learnPalette(raster, findLayout(raster)!).map((p) => p.colour);
    expect(palette.slice(0, 2)).toEqual(expect.arrayContaining([0x00ff00, 0xffffff]));
    expect(palette.slice(2)).toContainEqual(
      expect.toSatisfy((c: number) => colourDistance(c, 0x32cd32) < 10),
    );
  });
});

describe('thin OHLC bars over a wide volume histogram in a colour of its own', () => {
  it('learns both bar colours, measured above the plot bottom quarter where the histogram stands', () => {
    // MetaTrader's bars at DPR 1.25 on JPEG: 1 px stems in two colours, 17 px apart, over a
    // histogram of wide #35ca36 bars with a dark halo in its hue either side (JPEG's). The
    // histogram and its halo make most of the plot's vertical strokes, and each bar colour
    // holds under the share a class must hold of them all.
    const bull = 0x7ccdd4;
    const bear = 0xcbdaa4;
    const palette = barsOverVolumes({
      background: 0x141531,
      bull,
      bear,
      volumeHeight: (n) => 80 + ((n * 37) % 80),
      paintVolume: (x, y, set) => {
        for (let dx = -6; dx <= 6; dx++) set(x + dx, y, 0x35ca36);
        set(x - 7, y, 0x022516);
        set(x + 7, y, 0x022516);
      },
    });
    expect(palette.slice(0, 2).sort()).toEqual([bull, bear].sort());
  });
});

describe('a thick dashed horizontal line in a grey of its own', () => {
  it('is no candle class, though each dash is a 4-row "body" (Stockity last-price line at DPR 2)', () => {
    const grey = 0x696f84;
    const { image } = paintChart({
      background: 0x151723,
      grid: null,
      bull: 0x17c679,
      bear: 0xff646c,
      seed: 9,
    });
    const set = (x: number, y: number) => image.data.set([0x69, 0x6f, 0x84, 255], (y * image.width + x) * 4);
    // A 2 px line at DPR 2: four rows across the plot, dashed 12 on, 8 off, then solid.
    for (let x = 0; x < image.width - 62; x++)
      if (x % 20 < 12 || x >= 400) for (let y = 230; y < 234; y++) set(x, y);
    // A countdown to the bar's close: its vertical line down to the price line, and its digits.
    for (let y = 0; y < 230; y++) set(572, y);
    for (const x0 of [560, 570, 580])
      for (let y = 30; y < 44; y++) for (let x = x0; x < x0 + 2; x++) set(x, y);
    const raster = toRaster(image);
    const layout = findLayout(raster, image)!;
    expect(layout.lineColours.some((l) => colourDistance(l, grey) <= 8)).toBe(true);
    const palette = learnPalette(raster, layout);
    expect(palette.some((k) => colourDistance(k.colour, grey) <= 24)).toBe(false);
    expect(palette.some((k) => colourDistance(k.colour, 0x17c679) <= 8)).toBe(true);
    expect(palette.some((k) => colourDistance(k.colour, 0xff646c) <= 8)).toBe(true);
  });
});

/**
 * Paints every pixel of `ink` again in a colour of its own per stretch of 4 rows down a column:
 * the ink's colour moved by up to `spread` per channel (a seeded draw), as JPEG at a low quality
 * leaves thin, dense bodies: one ink scattered over many bins of the palette's 4-bit quantisation.
 */
function scatterInk(image: RgbaImage, ink: number, spread: number, seed: number): void {
  const { data, width, height } = image;
  let s = seed;
  const draw = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  for (let x = 0; x < width; x++) {
    let colour = ink;
    for (let y = 0; y < height; y++) {
      if (y % 4 === 0) {
        const ch = (shift: number) =>
          Math.max(0, Math.min(255, ((ink >> shift) & 255) + Math.round((draw() * 2 - 1) * spread)));
        colour = (ch(16) << 16) | (ch(8) << 8) | ch(0);
      }
      const k = (y * width + x) * 4;
      if (((data[k]! << 16) | (data[k + 1]! << 8) | data[k + 2]!) !== ink) continue;
      [data[k], data[k + 1], data[k + 2]] = [(colour >> 16) & 255, (colour >> 8) & 255, colour & 255];
    }
  }
}

describe('a candle colour JPEG scattered over many small colour bins (dense bodies)', () => {
  const bg = 0xffffff;
  const bull = 0x089981;
  const bear = 0xf23645;
  const button = 0x2962ff;
  const paint = (buttonWidth: number) => {
    const { image } = paintChart({
      background: bg,
      grid: null,
      bull,
      bear,
      spacing: 4,
      bodyWidth: 2,
      seed: 41,
    });
    scatterInk(image, bull, 50, 7);
    // A filled button in the plot (TradingView's BUY), 8 rows tall.
    for (let y = 40; y < 48; y++)
      for (let x = 100; x < 100 + buttonWidth; x++) {
        const k = (y * image.width + x) * 4;
        [image.data[k], image.data[k + 1], image.data[k + 2]] = [
          (button >> 16) & 255,
          (button >> 8) & 255,
          button & 255,
        ];
      }
    return toRaster(image);
  };
  const colours = (raster: ReturnType<typeof toRaster>) =>
    learnPalette(raster, findLayout(raster)!).map((p) => p.colour);
  const green = (c: number) => colourDistance(c, bull) <= 44;

  it('is learned from its ink in bins too small to learn each', () => {
    const palette = colours(paint(0));
    expect(palette).toContain(bear);
    expect(palette.some(green)).toBe(true);
  });

  it('takes the second place from a button whose flat fill outweighs its learned bins', () => {
    const palette = colours(paint(40));
    expect(palette).toContain(bear);
    expect(palette.some(green)).toBe(true);
    expect(palette).not.toContain(button);
  });
});

describe('the seam JPEG leaves between an outlined body fill and its outline', () => {
  // One row and one column through a MetaTrader Green on Black bear at DPR 2 on JPEG
  // (mtj-j55-004 5m, x 776-793 and rows 805-812): black, the lime outline, the pale green seam
  // (white blended with lime), the white fill. 0 in `cls` is a pixel no class took.
  const bg = 0x010101;
  const white = 0xfbfdfa;
  const lime = 0x29e52a;
  const palette = [
    { colour: white, mass: 100 },
    { colour: lime, mass: 50 },
  ];
  const joined = (pixels: number[], cls: number[], vertical: boolean) => {
    const n = pixels.length;
    const [pw, ph] = vertical ? [1, n] : [n, 1];
    const r = { width: pw, height: ph, rgb: Uint32Array.from(pixels) } as unknown as Raster;
    const layout = {
      plot: { left: 0, top: 0, right: pw - 1, bottom: ph - 1 },
      background: bg,
      bgMask: Uint8Array.from(pixels, (c) => (c === bg ? 1 : 0)),
    } as unknown as Layout;
    const out = Uint8Array.from(cls);
    joinSeams(r, layout, palette, out);
    return [...out];
  };
  const fill = Array<number>(6).fill(0xf5ffec);

  it('takes the seam as the outline, so the fill and its outline are one shape', () => {
    // Across the left side: black, outline, seam, fill.
    expect(joined([bg, 0x73b06d, 0xd5ffca, ...fill], [0, 2, 0, 1, 1, 1, 1, 1, 1], false)).toEqual([
      0, 2, 2, 1, 1, 1, 1, 1, 1,
    ]);
    // Down through the bottom: fill, a 2-row seam, the outline row, black.
    expect(joined([...fill, 0xb8ffb3, 0xaeffb5, 0x5fcf61, bg], [1, 1, 1, 1, 1, 1, 0, 0, 2, 0], true)).toEqual(
      [1, 1, 1, 1, 1, 1, 2, 2, 2, 0],
    );
  });

  it('leaves a blend between two bodies, and a line of one colour over a body of the other', () => {
    // Two fills side by side: no thin outline ending in no ink.
    const limeFill = Array<number>(6).fill(lime);
    expect(joined([...fill, 0xd5ffca, ...limeFill], [1, 1, 1, 1, 1, 1, 0, 2, 2, 2, 2, 2, 2], false)).toEqual([
      1, 1, 1, 1, 1, 1, 0, 2, 2, 2, 2, 2, 2,
    ]);
    // The outline the pale class, the fill the coloured one (a white line over a lime body).
    expect(joined([bg, 0xf5ffec, 0xd5ffca, ...limeFill], [0, 1, 0, 2, 2, 2, 2, 2, 2], false)).toEqual([
      0, 1, 0, 2, 2, 2, 2, 2, 2,
    ]);
    // A pixel off the line between the two inks (grey text) stays no ink.
    expect(joined([bg, 0x73b06d, 0x808080, ...fill], [0, 2, 0, 1, 1, 1, 1, 1, 1], false)).toEqual([
      0, 2, 0, 1, 1, 1, 1, 1, 1,
    ]);
  });
});

describe('the halo JPEG leaves beside bright strokes on a dark chart', () => {
  // Measured on a MetaTrader Green on Black capture at quality 78: every lime stroke and
  // white-filled body has a column of #003600 either side (a fifth of the lime's brightness,
  // no red or blue), which outnumbers the lime's own largest colour bin.
  const paintHalo = (halo: number, spread: number[] = []) => {
    const bg = 0x000000;
    const bull = 0x5bbc5c;
    const bear = 0xe9ffeb;
    const { image } = paintChart({ background: bg, grid: null, bull, bear, seed: 11 });
    const { data, width, height } = image;
    const isInk = (i: number) => data[i * 4]! + data[i * 4 + 1]! + data[i * 4 + 2]! > 0;
    // JPEG spreads the lime over many colour bins: its columns take the given colours in turn.
    for (let i = 0; i < width * height && spread.length > 0; i++) {
      if (data[i * 4] !== ((bull >> 16) & 255) || data[i * 4 + 1] !== ((bull >> 8) & 255)) continue;
      const c = spread[(i % width) % spread.length]!;
      [data[i * 4], data[i * 4 + 1], data[i * 4 + 2]] = [(c >> 16) & 255, (c >> 8) & 255, c & 255];
    }
    // Where the lime is spread, the halo lines it alone (the pale fills leave none).
    const bearAt = (i: number) => data[i * 4] === ((bear >> 16) & 255) && data[i * 4 + 2] === (bear & 255);
    const lines = (i: number) => isInk(i) && (spread.length === 0 || !bearAt(i));
    const beside: number[] = [];
    for (let y = 0; y < height; y++)
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        if (!isInk(i) && (lines(i - 1) || lines(i + 1))) beside.push(i);
      }
    for (const i of beside)
      [data[i * 4], data[i * 4 + 1], data[i * 4 + 2]] = [(halo >> 16) & 255, (halo >> 8) & 255, halo & 255];
    const raster = toRaster(image);
    return { palette: learnPalette(raster, findLayout(raster)!), bull, bear };
  };

  it('is not learned as a candle colour', () => {
    const { palette, bull, bear } = paintHalo(0x003600);
    expect(palette.map((k) => k.colour)).toEqual(expect.arrayContaining([bull, bear]));
    expect(palette).toHaveLength(2);
  });

  it('is not learned where JPEG spread the lime over bins each far smaller than the halo', () => {
    // MetaTrader 5 at 1.5x, JPEG quality 68: #4acb4a 1,622 px beside #4acb54, #58c458, #5bbd58 ...
    // (over 6,000 in all) and the halo #003600 6,932 px.
    const spread: number[] = [];
    for (const r of [0x48, 0x58])
      for (const g of [0xb8, 0xc8, 0xd8]) for (const b of [0x48, 0x58]) spread.push((r << 16) | (g << 8) | b);
    const { palette } = paintHalo(0x003600, spread);
    expect(palette.map((k) => k.colour)).not.toContain(0x003600);
    expect(palette).toHaveLength(2);
  });

  it('leaves a dim colour of another hue beside the strokes a class', () => {
    const { palette } = paintHalo(0x600000);
    expect(palette.map((k) => k.colour)).toContain(0x600000);
  });
});

describe("a JPEG-diluted stroke at its ink's full brightness beside a pale class", () => {
  // MetaTrader's Green on Black at DPR 1.25 on JPEG (the corpus' XAUUSD): the palette learns the
  // lime as #4ac94a and the white bear fills, blended with their lime outline, as #b4ffb4. A wick
  // tip's and an outline row's pixels keep the lime's brightness and lose part of its colour.
  const bg = 0x000000;
  const layout = { background: bg, lineColours: [] } as unknown as Layout;
  const classOf = inkClassOf(layout, [
    { colour: 0x4ac94a, mass: 100 },
    { colour: 0xb4ffb4, mass: 50 },
  ]);
  const DILUTED = 0x80;

  it('takes them as the lime diluted (flagged so), not as a faint blend of the pale class', () => {
    for (const c of [0x6ab96a, 0x74b178, 0x5ebd61]) expect(classOf(c)).toBe(1 | DILUTED);
  });

  it('leaves the pale class its own pixels and its faint blends, and the lime its plain ones', () => {
    expect(classOf(0xb3ffad)).toBe(2);
    expect(classOf(0x5a7a5a)).toBe(2); // half the pale class's brightness, no lime's
    expect(classOf(0x4bca47)).toBe(1);
  });
});

describe('a candle colour learned from wicks JPEG greyed (no hue to follow)', () => {
  // MetaTrader 5's custom palette at 2x, JPEG quality 65 (pixels measured): purple candles on
  // #070e16. The 1 px wicks' colour is averaged with the background's at the ink's brightness
  // (#635b95, chroma 22.8 against the background: under INK_CHROMA_MIN), the bodies' edge columns
  // keep more of it (#6a52b7), and the bodies' insides are noisy, a bin per row (#644cd8,
  // #4c49ce, #6347cf). The wicks are the purple's largest bin.
  const bg = 0x070e16;
  const grey = 0x635b95;
  const edge = 0x6a52b7;
  const insides = [0x644cd8, 0x4c49ce, 0x6347cf];
  const paintGreyed = (beside?: number) => {
    const bull = 0x6b4ce0;
    const bear = 0xc5b667;
    const { image } = paintChart({
      background: bg,
      grid: null,
      bull,
      bear,
      bodyWidth: 5,
      maxWick: 30,
      seed: 5,
    });
    const { data, width, height } = image;
    const at = (x: number, y: number) => {
      const k = (y * width + x) * 4;
      return (data[k]! << 16) | (data[k + 1]! << 8) | data[k + 2]!;
    };
    const src = new Uint32Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) src[y * width + x] = at(x, y);
    const set = (i: number, c: number) =>
      ([data[i * 4], data[i * 4 + 1], data[i * 4 + 2]] = [(c >> 16) & 255, (c >> 8) & 255, c & 255]);
    for (let y = 0; y < height; y++) {
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        if (src[i] !== bull) continue;
        const left = src[i - 1] === bull;
        const right = src[i + 1] === bull;
        if (!left && !right) {
          set(i, grey);
          if (beside !== undefined && y % 2 === 0 && src[i - 1] === bg) set(i - 1, beside);
        } else if (!left) set(i, edge);
        else set(i, insides[y % insides.length]!);
      }
    }
    const raster = toRaster(image);
    const layout = findLayout(raster)!;
    return { layout, palette: learnPalette(raster, layout) };
  };

  it('takes its colour from the more colourful bin merged into it at its brightness', () => {
    const { palette } = paintGreyed();
    const purple = palette.find((k) => colourDistance(k.colour, grey) <= 44);
    expect(purple?.colour).toBe(edge);
  });

  it('so the bodies are its ink (diluted), and the greyed wicks too', () => {
    const { layout, palette } = paintGreyed();
    const classOf = inkClassOf(layout, palette);
    const purple = palette.findIndex((k) => colourDistance(k.colour, grey) <= 44) + 1;
    expect(purple).toBeGreaterThan(0);
    // (#4c49ce points off the purple's hue, bluer: JPEG noise, not asked.)
    for (const c of [0x644cd8, 0x6347cf, grey]) expect(classOf(c) & 0x7f).toBe(purple);
  });

  it('keeps the colour of a class whose strokes lie beside stronger ink (a blend, not a greyed stroke)', () => {
    // The same strokes with a brighter pixel beside every other wick row (too broken to be
    // strokes of its own): the class's first bin lies beside stronger ink, as a blend's edge
    // does (GREYED_EDGE_MAX_SHARE), not alone as a stroke JPEG greyed.
    const { palette } = paintGreyed(0xa888ff);
    expect(palette.some((k) => k.colour === edge)).toBe(false);
  });
});

describe('OHLC bars whose colour JPEG scattered over small bins, over a volume histogram', () => {
  it('learns a bar colour from a bin holding its share of the strokes above the histogram only', () => {
    // MetaTrader's teal and red bars on white at DPR 1 over its green volumes (JPEG q69): the
    // histogram's wide bars make four fifths of the plot's vertical strokes, and JPEG spread the
    // teal over bins each under BIN_MIN_SHARE of them all, so no class was learned from it and
    // the histogram's green took its place. Painted: the bull bars' stems alternate between two
    // shades of teal (its two largest bins on the capture), each under 1 % of all the strokes,
    // over 2 % of those above the plot's bottom quarter.
    const bull = 0x579285;
    const bear = 0xab6c77;
    const palette = barsOverVolumes({
      background: 0xffffff,
      bull,
      bear,
      // Every other bull bar in a second shade of teal, as JPEG splits it.
      repaintBar: (n, colour) => (n % 2 === 0 && colour === bull ? 0x5c8d86 : colour),
      volumeHeight: (n) => 120 + ((n * 37) % 40),
      paintVolume: (x, y, set) => {
        for (let dx = -7; dx <= 7; dx++) set(x + dx, y, 0x059b05);
      },
    });
    expect(palette.slice(0, 2).some((c) => colourDistance(c, bull) <= 12)).toBe(true);
    expect(palette.slice(0, 2).some((c) => colourDistance(c, bear) <= 12)).toBe(true);
  });
});

/**
 * MetaTrader's thin OHLC bars, 17 px apart, over a volume histogram standing on a baseline 31
 * rows above the image's bottom (the plot's bottom for the palette): the volume bar under bar
 * `n` is `volumeHeight(n)` rows tall, each of its rows painted by `paintVolume` around the bar's
 * centre. `repaintBar` may change a bar's colour pixel by pixel first (as JPEG splits one).
 * Returns the learned palette's colours.
 */
function barsOverVolumes(chart: {
  background: number;
  bull: number;
  bear: number;
  repaintBar?: (n: number, colour: number) => number;
  volumeHeight: (n: number) => number;
  paintVolume: (x: number, y: number, set: (x: number, y: number, c: number) => void) => void;
}): number[] {
  const painted = paintChart({
    background: chart.background,
    grid: null,
    bull: chart.bull,
    bear: chart.bear,
    height: 700,
    bars: true,
    spacing: 17,
    bodyWidth: 15,
    maxWick: 30,
    seed: 3,
  });
  const { data, width, height } = painted.image;
  const at = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    return (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
  };
  const set = (x: number, y: number, c: number) => {
    const i = (y * width + x) * 4;
    [data[i], data[i + 1], data[i + 2]] = [(c >> 16) & 255, (c >> 8) & 255, c & 255];
  };
  const { repaintBar } = chart;
  if (repaintBar)
    painted.candles.forEach((c, n) => {
      for (let y = 0; y < height; y++)
        for (let x = c.x - 8; x <= c.x + 8; x++) set(x, y, repaintBar(n, at(x, y)));
    });
  const bottom = height - 31;
  for (const [n, c] of painted.candles.entries())
    for (let y = bottom - chart.volumeHeight(n); y <= bottom; y++) chart.paintVolume(c.x, y, set);
  const raster = toRaster(painted.image);
  const layout = findLayout(raster)!;
  return learnPalette(raster, { ...layout, plot: { ...layout.plot, bottom } }).map((p) => p.colour);
}

describe("a JPEG-smeared class's overshoot", () => {
  // MetaTrader 4's lime bars on black at 1x on JPEG (m21-010): the class learns #37c937; the
  // close tick beside a stem (#45d156) reads #50dc5f, brighter than the ink and 37.6 off its line.
  const bg = 0x000000;
  const ink = 0x37c937;
  const plotOf = (stem: number[], tick = 0x50dc5f, background = bg, colour = ink) => {
    // One stem column of `stem` colours on `background`, the tick beside its middle row.
    const h = stem.length;
    const rgb = new Uint32Array(3 * h).fill(background);
    stem.forEach((c, y) => (rgb[y * 3 + 1] = c));
    rgb[Math.floor(h / 2) * 3 + 2] = tick;
    const raster = { width: 3, height: h, rgb } as unknown as Raster;
    const layout = {
      plot: { left: 0, top: 0, right: 2, bottom: h - 1 },
      background,
      bgMask: Uint8Array.from(rgb, (c) => (c === background ? 1 : 0)),
      lineColours: [],
      gridColumns: [],
      gridRows: [],
    } as unknown as Layout;
    const out = classifyInk(raster, layout, [{ colour, mass: 100 }]);
    return out[Math.floor(h / 2) * 3 + 2];
  };

  it('is ink when no one colour holds the class (JPEG)', () => {
    // The stem's pixels scattered over 20 colours around the ink, as JPEG leaves them.
    const stem = Array.from({ length: 20 }, (_, i) => ink + ((i % 5) << 16) + ((i % 4) << 8) + (i % 7));
    expect(plotOf(stem)).toBe(1);
  });

  it('is no ink beside a class drawn flat (a brighter line of the same hue on a PNG)', () => {
    expect(plotOf(Array<number>(20).fill(ink))).toBe(0);
    expect(
      inkClassOf({ background: bg, lineColours: [] } as unknown as Layout, [{ colour: ink, mass: 1 }])(
        0x50dc5f,
      ),
    ).toBe(0);
  });

  it('is no ink beside a class with no hue (a grey wick class: a darker blue is another ink)', () => {
    // j12-010 (a broker's light phone chart, JPEG): wicks learned #3c4352 on #fafafa; #2a2f6a is
    // darker (alpha 1.08) and 37.7 off the line, as far off as the lime tick above.
    const grey = 0x3c4352;
    const stem = Array.from({ length: 20 }, (_, i) => grey + ((i % 5) << 16) + ((i % 4) << 8) + (i % 7));
    expect(plotOf(stem, 0x2a2f6a, 0xfafafa, grey)).toBe(0);
  });
});
