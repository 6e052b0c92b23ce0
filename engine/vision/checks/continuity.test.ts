import { describe, expect, it } from 'vitest';
import {
  apartRow,
  checkContinuity,
  dropFlatStrays,
  drawnApart,
  dropShortRuns,
  dropTrailingMarkers,
  dropTrailingStrays,
  dropUnjoined,
  overlaps,
  preferJoiningAlternatives,
} from './continuity';
import type { PixelCandle } from '../candles';
import { lastBarFromPrint, settleLastBar } from './last-bar';
import type { PriceScale, ReadCandle } from '../types';

// Price = row: one price per px, so tolerances read in px.
const scale: PriceScale = { mode: 'linear', slope: 1, intercept: 0, labels: [], residualPx: 0 };
const bar = (x: number, high: number, low: number, open = high, close = low): ReadCandle => ({
  x,
  open,
  high,
  low,
  close,
});

describe('dropUnjoined', () => {
  // 1 px bars 2 px apart, each range overlapping the next; the last bar stands between two
  // pieces of a level's label far above it (off the lattice).
  const bars = Array.from({ length: 10 }, (_, i) => bar(2 * i, 300 + i, 330 + i));
  const last = bar(20, 320, 345);
  const glyphBefore = bar(19, 35, 37);
  const glyphAfter = bar(21, 77, 77);

  it('judges a candle cut off by junk on both sides against the nearest candles kept', () => {
    const kept = dropUnjoined([...bars, glyphBefore, last, glyphAfter], scale, overlaps);
    expect(kept.map((c) => c.x)).toEqual([...bars.map((c) => c.x), 20]);
  });

  it('still drops a shape whose nearest kept candle is more than a place away', () => {
    const far = bar(40, 320, 345);
    const kept = dropUnjoined([...bars, glyphBefore, bar(30, 80, 82), far], scale, overlaps);
    expect(kept.map((c) => c.x)).toEqual(bars.map((c) => c.x));
  });
});

describe('dropShortRuns', () => {
  // 1 px bars 2 px apart, 30 px ranges, each overlapping the next.
  const bars = Array.from({ length: 20 }, (_, i) => bar(2 * i, 300 + (i % 4), 330 + (i % 4)));

  it('leaves out the pieces of a label past the last bar, far above it, even four of them', () => {
    // A Fibonacci level's "1.0000" in the bars' colour, broken by JPEG into four overlapping pieces.
    const glyphs = [bar(40, 32, 39), bar(42, 32, 32), bar(44, 33, 39), bar(50, 33, 43)];
    expect(dropShortRuns([...bars, ...glyphs], scale).map((c) => c.x)).toEqual(bars.map((c) => c.x));
  });

  it('keeps a run of four bars that jumped, each spanning a bar range', () => {
    const jumped = [40, 42, 44, 46].map((x) => bar(x, 100, 130));
    expect(dropShortRuns([...bars, ...jumped], scale)).toHaveLength(24);
  });
});

describe('dropTrailingMarkers', () => {
  // Forty bars 16 px apart, 40 px ranges, trading near each other.
  const bars = Array.from({ length: 40 }, (_, i) => bar(16 * i, 300 + (i % 5) * 4, 340 + (i % 5) * 4));

  it('leaves out a line of text on the lattice past the last bar, far from it in price', () => {
    const glyphs = [656, 672, 688, 704, 720, 736].map((x, i) => bar(x, 181 + (i % 3), 188));
    expect(dropTrailingMarkers([...bars, ...glyphs], scale)).toHaveLength(40);
  });

  it('leaves out glyphs of a title before the first bar, far above it, in checkContinuity', () => {
    // Twenty bars, each opening where the previous one closed; two glyph pieces before them that
    // join each other, 290 px above the first bar.
    const joined = Array.from({ length: 20 }, (_, i) =>
      bar(30 + 16 * i, 300, 340, 310 + (i % 2) * 10, 320 - (i % 2) * 10),
    );
    const glyphs = [bar(2, 7, 13, 8, 12), bar(16, 7, 13, 12, 9)];
    const read = checkContinuity([...glyphs, ...joined], scale, '5m');
    expect(read.candles.map((c) => c.x)).toEqual(joined.map((c) => c.x));
  });

  it('keeps quiet last bars trading beside the bar before them', () => {
    const quiet = [656, 672, 688].map((x) => bar(x, 320, 326));
    expect(dropTrailingMarkers([...bars, ...quiet], scale)).toHaveLength(43);
  });
});

describe('checkContinuity with a panel between candles', () => {
  // Twelve joined bars right of a panel (columns 100..400) and one left of it, at another price
  // (the bars between them are under the panel).
  const right = Array.from({ length: 12 }, (_, i) =>
    bar(410 + 10 * i, 200 + i, 230 + i, 205 + i, 206 + i + 1),
  );
  right.forEach((c, i) => i > 0 && (c.open = right[i - 1]!.close));
  const left = bar(20, 100, 150, 110, 140);

  it('keeps the candle whose only neighbour is across the panel, and drops it without the panel', () => {
    const across = (a: ReadCandle, b: ReadCandle) => a.x < 100 && b.x > 400;
    const withPanel = checkContinuity([left, ...right], scale, null, false, undefined, across);
    expect(withPanel.candles.map((c) => c.x)).toContain(20);
    const without = checkContinuity([left, ...right], scale, null);
    expect(without.candles.map((c) => c.x)).not.toContain(20);
  });
});

describe('dropFlatStrays', () => {
  // Bars 4 px apart; two flat steps of a line past the last bar, 120 px below it, and a flat bar
  // (a market that did not move) inside its neighbours' ranges.
  const bars = Array.from({ length: 10 }, (_, i) => bar(4 * i, 500 + i, 520 + i));
  const doji = bar(40, 512, 512);
  const more = bar(44, 505, 525);
  const steps = [bar(47.5, 646, 646), bar(50.5, 645, 645)];

  it('drops flat shapes away from every neighbour and keeps a flat bar inside their ranges', () => {
    const kept = dropFlatStrays([...bars, doji, more, ...steps], scale);
    expect(kept.map((c) => c.x)).toEqual([...bars.map((c) => c.x), 40, 44]);
  });
});

/** A pixel candle with price = row (the scale above): open and close from its direction. */
const px = (
  x: number,
  high: number,
  low: number,
  open: number,
  close: number,
  ambiguous = false,
): PixelCandle => ({
  x,
  left: x - 2,
  right: x + 2,
  highY: high,
  lowY: low,
  bodyTop: Math.min(open, close),
  bodyBottom: Math.max(open, close),
  fill: 1,
  direction: close <= open ? 1 : -1,
  ambiguous,
  stemLeft: x,
  stemRight: x,
});
const toRead = (c: PixelCandle): ReadCandle => {
  const bull = c.direction >= 0;
  return {
    x: c.x,
    open: bull ? c.bodyBottom : c.bodyTop,
    high: c.highY,
    low: c.lowY,
    close: bull ? c.bodyTop : c.bodyBottom,
  };
};

describe('preferJoiningAlternatives', () => {
  // Candles each opening where the previous one closed (rows fall as prices rise: price = row).
  const row = () => [px(0, 90, 130, 120, 100), px(10, 80, 110, 100, 90), px(20, 70, 100, 90, 80)];

  it('swaps in the shape under an arrow that won its columns when it joins a neighbour', () => {
    const pixel = row();
    const doji = px(20, 70, 100, 90, 80);
    // An arrow far above the candles won the columns: it joins neither neighbour.
    pixel.splice(2, 1, { ...px(20, 20, 40, 30, 25), alternative: doji }, px(30, 60, 90, 80, 70));
    const read = pixel.map(toRead);
    expect(preferJoiningAlternatives(pixel, read, scale, toRead)).toBe(1);
    expect(pixel[2]).toBe(doji);
    expect(read[2]).toEqual(toRead(doji));
  });

  it('keeps a candle that joins a neighbour, and an alternative that joins none stays aside', () => {
    const pixel = row();
    pixel[1] = { ...pixel[1]!, alternative: px(10, 20, 30, 25, 22) };
    pixel[2] = { ...px(20, 300, 320, 310, 305), alternative: px(20, 200, 220, 210, 205) };
    const read = pixel.map(toRead);
    expect(preferJoiningAlternatives(pixel, read, scale, toRead)).toBe(0);
    expect(read.map((c) => c.open)).toEqual([120, 100, 310]);
  });

  it('drops the other pieces of the junk standing in the columns of the candle swapped in', () => {
    const pixel = row().slice(0, 2);
    const doji = px(20, 70, 100, 90, 80);
    // A text tag's JPEG noise joined to the doji and cut into pieces: two specks over it (in its
    // columns, 18..22) and a piece that won the doji's columns.
    const speck = { ...px(19, 20, 26, 22, 24), left: 18, right: 20 };
    const speck2 = { ...px(21, 27, 33, 28, 30), left: 21, right: 21 };
    pixel.push(speck, speck2, { ...px(23, 40, 50, 45, 42), alternative: doji }, px(30, 60, 90, 80, 70));
    const read = pixel.map(toRead);
    expect(preferJoiningAlternatives(pixel, read, scale, toRead)).toBe(1);
    expect(pixel.map((c) => c.x)).toEqual([0, 10, 20, 30]);
    expect(read.map((c) => c.x)).toEqual([0, 10, 20, 30]);
    // So the candle before the doji is judged against it, and kept.
    expect(dropUnjoined(read, scale).map((c) => c.x)).toEqual([0, 10, 20, 30]);
  });

  it('swaps in the two candles under a marker cut in two whose halves join only each other', () => {
    const pixel = row().slice(0, 2);
    // An arrow over two candles won both their columns, cut in two on the candles' lattice: its
    // halves (rows 20-30) join each other. The first candle under it continues from the candle
    // before; the second gaps from it (a daily chart) but trades beside it.
    const first = px(20, 70, 100, 90, 80);
    const second = px(30, 75, 110, 95, 100);
    pixel.push(
      { ...px(20, 20, 30, 30, 25), alternative: first },
      { ...px(30, 20, 30, 25, 22), alternative: second },
      px(40, 100, 120, 110, 115),
    );
    const read = pixel.map(toRead);
    expect(preferJoiningAlternatives(pixel, read, scale, toRead)).toBe(2);
    expect(pixel.slice(2, 4)).toEqual([first, second]);
  });

  it('keeps two shapes that join each other and go on joining the next', () => {
    const pixel = row().slice(0, 2);
    pixel.push(
      { ...px(20, 20, 30, 30, 25), alternative: px(20, 70, 100, 90, 80) },
      { ...px(30, 20, 30, 25, 22), alternative: px(30, 75, 110, 95, 100) },
      px(40, 15, 25, 22, 18),
    );
    const read = pixel.map(toRead);
    expect(preferJoiningAlternatives(pixel, read, scale, toRead)).toBe(0);
  });

  it('keeps a piece in the columns of the candle swapped in that is not smaller', () => {
    const pixel = row().slice(0, 2);
    const doji = px(20, 70, 100, 90, 80);
    const tall = { ...px(20, 20, 60, 30, 50), left: 19, right: 21 };
    pixel.push(tall, { ...px(23, 40, 50, 45, 42), alternative: doji }, px(30, 60, 90, 80, 70));
    const read = pixel.map(toRead);
    preferJoiningAlternatives(pixel, read, scale, toRead);
    expect(pixel).toContain(tall);
  });
});

describe('lastBarFromPrint', () => {
  const plot = { left: 0, top: 0, right: 400, bottom: 400 };
  const printed = { open: 101, high: 100, low: 110, close: 104 };
  // Price = row here, so "high" is the smaller number: the relation is only checked in px.
  const last: ReadCandle = { x: 50, open: 110.4, high: 100.4, low: 110.4, close: 100.4 };

  it("takes a 1 px bar's open and close from the print when its high and low agree", () => {
    expect(lastBarFromPrint(last, px(50, 100, 110, 110, 100, true), printed, scale, 1, plot)).toEqual({
      x: 50,
      ...printed,
    });
  });

  it('leaves a bar whose body was read far from the print, or a print of another bar, alone', () => {
    expect(lastBarFromPrint(last, px(50, 100, 110, 110, 100), printed, scale, 1, plot)).toBeNull();
    const hovered = { ...printed, low: 120 };
    expect(lastBarFromPrint(last, px(50, 100, 110, 110, 100, true), hovered, scale, 1, plot)).toBeNull();
    expect(lastBarFromPrint(last, px(50, 100, 110, 110, 100, true), null, scale, 1, plot)).toBeNull();
    expect(lastBarFromPrint(last, undefined, printed, scale, 1, plot)).toBeNull();
  });

  describe('a bar whose body was read', () => {
    // A 2x capture of TradingView: the wick drawn one rendering pixel (2 px) short of the low.
    const read: ReadCandle = { x: 50, open: 100.2, high: 90.3, low: 116.1, close: 95.1 };
    const print = { open: 101, high: 90, low: 120, close: 95 };
    const pixel = px(50, 90, 116, 100, 95);

    it('takes the print when all four values lie within LEGEND_PX and a rendering pixel', () => {
      expect(lastBarFromPrint(read, pixel, print, scale, 2, plot)).toEqual({ x: 50, ...print });
    });

    it('keeps the pixels where one value is further off (another bar, or a misread digit)', () => {
      // The same 3.9 px at 1x is more than one rendering pixel's rounding.
      expect(lastBarFromPrint(read, pixel, print, scale, 1, plot)).toBeNull();
      expect(lastBarFromPrint(read, pixel, { ...print, close: 101 }, scale, 2, plot)).toBeNull();
    });

    it("takes a printed high above a wick that runs on past the plot's top, never below it", () => {
      // The wick goes on under a toolbar from row 90: the high printed at 80 is out of view.
      const clipped = { ...plot, top: 91 };
      const high = { ...print, high: 80 };
      expect(lastBarFromPrint(read, pixel, high, scale, 2, clipped)).toEqual({ x: 50, ...high });
      expect(lastBarFromPrint(read, pixel, high, scale, 2, plot)).toBeNull();
      expect(lastBarFromPrint(read, pixel, { ...print, high: 96 }, scale, 2, clipped)).toBeNull();
    });
  });
});

describe('settleLastBar', () => {
  const plot = { left: 0, top: 0, right: 400, bottom: 400 };
  const printed = { open: 101, high: 100, low: 110, close: 104 };
  const kept = bar(40, 95, 105, 96, 104);
  const rightmost: ReadCandle = { x: 50, open: 110.4, high: 100.4, low: 110.4, close: 100.4 };
  const pixels = [px(40, 95, 105, 96, 104), px(50, 100, 110, 110, 100, true)];

  it('appends the rightmost bar the continuity check left out where the print describes it', () => {
    const continuity = { candles: [kept], dropped: 1 };
    const { filled, lastPixel } = settleLastBar(
      continuity,
      [kept, rightmost],
      pixels,
      printed,
      scale,
      1,
      plot,
    );
    expect(filled).toEqual({ x: 50, ...printed });
    expect(lastPixel).toBe(pixels[1]);
    expect(continuity).toEqual({ candles: [kept, { x: 50, ...printed }], dropped: 0 });
  });

  it('leaves the bars kept alone where the print describes neither', () => {
    const continuity = { candles: [kept], dropped: 1 };
    const other = { ...printed, low: 130 };
    const { filled, lastPixel } = settleLastBar(continuity, [kept, rightmost], pixels, other, scale, 1, plot);
    expect(filled).toBeNull();
    expect(lastPixel).toBe(pixels[0]);
    expect(continuity).toEqual({ candles: [kept], dropped: 1 });
  });
});

describe('drawnApart with bodies cut apart by colour', () => {
  const column = (x: number, byColour: boolean): PixelCandle => ({
    x: x + 1,
    left: x,
    right: x + 2,
    highY: 10,
    lowY: 40,
    bodyTop: 10,
    bodyBottom: 40,
    fill: 1,
    direction: 1,
    ambiguous: false,
    stemLeft: x + 1,
    stemRight: x + 1,
    byColour,
  });
  // Point-and-figure columns 3 px wide, 3 or 4 px apart (touching): read whole where each was
  // cut off its neighbours at a change of colour, though far denser than bodies drawn apart.
  const xs = Array.from({ length: 40 }, (_, i) => i * 3.5);

  it('counts touching columns cut where the colour changes as read whole', () => {
    expect(drawnApart(xs.map((x, i) => column(x, i % 3 !== 0)))).toBe(true);
  });

  it('marks a shape of another width off the row (a glyph beside the last bar) as no body of it', () => {
    const row = xs.map((x) => column(x, true));
    const glyph = { ...column(222.25, false), left: 223.25, right: 223.25 };
    const { apart, stray } = apartRow([...row, glyph]);
    expect(apart).toBe(true);
    expect(stray.filter(Boolean)).toHaveLength(1);
    expect(stray.at(-1)).toBe(true);
    // One of the bodies' width, or on the lattice, is kept: a bar the market drew after a gap.
    expect(apartRow([...row, column(220.5, false)]).stray.some(Boolean)).toBe(false);
    expect(apartRow([...row, { ...glyph, x: 141.5, left: 141.5, right: 141.5 }]).stray.some(Boolean)).toBe(
      false,
    );
    // A candle the plot's edge cuts is narrower and off the lattice too, and is kept.
    const clipped = { ...glyph, left: 223.75, right: 223.75 };
    expect(apartRow([...row, clipped], { left: 0, right: 224 }).stray.some(Boolean)).toBe(false);
    expect(apartRow([...row, clipped], { left: 0, right: 300 }).stray.at(-1)).toBe(true);
    // Not drawn apart: nothing is marked.
    expect(apartRow(xs.map((x) => column(x, false))).stray.some(Boolean)).toBe(false);
  });

  it('leaves such a shape out of a reading kept as gapping', () => {
    // Bars 8 px tall, each opening 6 px or more from the previous close: none joins.
    const bars = xs.map((x, i) => bar(x + 1, 20 + (i % 2) * 14, 28 + (i % 2) * 14));
    const glyph = bar(223.25, 22, 25);
    const stray = [...bars.map(() => false), true];
    const read = checkContinuity([...bars, glyph], scale, '1m', true, undefined, undefined, stray);
    expect(read.gapping).toBe(true);
    expect(read.candles).toEqual(bars);
    expect(read.dropped).toBe(1);
  });

  it('does not where the bodies were cut on the lattice or at the typical width', () => {
    expect(drawnApart(xs.map((x) => column(x, false)))).toBe(false);
    expect(drawnApart(xs.map((x, i) => column(x, i % 3 === 0)))).toBe(false);
    // Cut by colour but of many widths, or off any lattice: not read whole.
    expect(drawnApart(xs.map((x, i) => ({ ...column(x, true), right: x + (i % 2 ? 2 : 6) })))).toBe(false);
  });
});

describe('dropTrailingStrays', () => {
  // Twelve joined bars 10 px apart; each opens where the previous one closed.
  const row = (n: number) => {
    const bars = Array.from({ length: n }, (_, i) => bar(10 * i, 190 + (i % 3), 215 + (i % 3), 200, 205));
    bars.forEach((c, i) => i > 0 && ((c.open = bars[i - 1]!.close), (c.close = c.open + (i % 2 ? 4 : -4))));
    return bars;
  };

  it('leaves out markers beyond an empty place that do not open at the last close', () => {
    const bars = row(12);
    // Two event flags' stripes 3 places on, far below, joining each other.
    const flags = [bar(140, 370, 375, 371, 374), bar(150, 370, 375, 374, 372)];
    const all = [...bars, ...flags];
    expect(dropTrailingStrays(all, all, scale).map((c) => c.x)).toEqual(bars.map((c) => c.x));
  });

  it('leaves out pieces of text each standing alone beyond the last bar (time labels in the plot)', () => {
    const bars = row(12);
    // "18", "21:00", "19", "03:00" below the plot's candles, an empty stretch before each.
    const labels = [140, 190, 245, 290].map((x) => bar(x, 380, 386, 381, 385));
    const all = [...bars, ...labels];
    expect(dropTrailingStrays(all, all, scale).map((c) => c.x)).toEqual(bars.map((c) => c.x));
  });

  it('keeps runs of bars between places a drawing hid, past the last run', () => {
    const bars = row(12);
    // A session box's side hid the bars at x 120 and x 160: a run of two bars that does not
    // open at the last close (a bar is missing), then one that opens at its neighbour's close.
    const mid = [bar(130, 185, 220, 196, 201), bar(140, 186, 221, 201, 205)];
    const last = [bar(170, 184, 219, 205, 200)];
    const all = [...bars, ...mid, ...last];
    expect(dropTrailingStrays(all, all, scale)).toHaveLength(15);
  });

  it('leaves out runs of glyphs far from the bars in price, past the last run (a level label box)', () => {
    const bars = row(12);
    // A pivot level's label box beyond the last bar, far above it: the box's side with the level
    // line, then a glyph and the box's top edge, each pair joining each other.
    const box = [bar(170, 20, 40, 40, 40), bar(180, 40, 40, 40, 40)];
    const glyphs = [bar(210, 5, 15, 12, 5), bar(220, 5, 5, 5, 5)];
    const all = [...bars, ...box, ...glyphs];
    expect(dropTrailingStrays(all, all, scale).map((c) => c.x)).toEqual(bars.map((c) => c.x));
  });

  it('keeps bars beyond an empty place that open at the last close, and a run as long as the rest', () => {
    const bars = row(12);
    const next = bar(140, 180, 230, bars.at(-1)!.close, 190);
    expect(dropTrailingStrays([...bars, next], [...bars, next], scale)).toHaveLength(13);
    const short = row(3);
    const far = [bar(60, 370, 375, 371, 374), bar(70, 370, 375, 374, 372), bar(80, 370, 375, 372, 373)];
    expect(dropTrailingStrays([...short, ...far], [...short, ...far], scale)).toHaveLength(6);
  });

  it('keeps bars whose gap a panel explains', () => {
    const bars = row(12);
    const flags = [bar(140, 370, 375, 371, 374), bar(150, 370, 375, 374, 372)];
    const panel = (s: PriceScale, a: ReadCandle, b: ReadCandle) => a.x === 110 && b.x === 140;
    expect(dropTrailingStrays([...bars, ...flags], [...bars, ...flags], scale, panel)).toHaveLength(14);
  });

  it('keeps bars beyond a stretch whose candles were read and left out (misread, not missing)', () => {
    const bars = row(12);
    const later = [bar(160, 370, 375, 371, 374), bar(170, 370, 375, 374, 372)];
    // Misread bars span a bar's range (a marker's pieces do not: below).
    const misread = [bar(120, 50, 75), bar(130, 70, 95), bar(140, 90, 115)];
    const kept = [...bars, ...later];
    expect(dropTrailingStrays(kept, [...bars, ...misread, ...later], scale)).toHaveLength(14);
  });

  it('leaves out a row of markers far below the last bar, however many pieces, with more of them left out in the stretch', () => {
    // TradingView's event flags on a JPEG: their stripes fall into small pieces, some joining
    // each other (left in), some not (left out by the continuity check before this).
    const bars = row(12);
    const stretch = [bar(140, 370, 375, 371, 374), bar(150, 371, 376)];
    const flags = [170, 180, 190, 200, 215].map((x, i) => bar(x, 369, 375, 370 + (i % 2), 371 - (i % 2)));
    const kept = [...bars, ...flags];
    expect(dropTrailingStrays(kept, [...bars, ...stretch, ...flags], scale).map((c) => c.x)).toEqual(
      bars.map((c) => c.x),
    );
  });

  it('does not count markers past the last bar as candles cut wrongly', () => {
    // Eight flag pieces joining each other past the last of twelve bars: 40 % of the shapes
    // read, over the share of junk that refuses a chart, but no candle among them.
    const bars = row(12);
    const flags = Array.from({ length: 8 }, (_, i) =>
      bar(150 + 10 * i, 369, 375, 371 + (i % 2), 372 - (i % 2)),
    );
    const read = checkContinuity([...bars, ...flags], scale, '1h');
    expect(read.candles.map((c) => c.x)).toEqual(bars.map((c) => c.x));
  });

  it('leaves out a long run whose pieces jump apart in price (a level price box: glyphs at two heights)', () => {
    const bars = row(12);
    // Seven glyph pieces past an empty stretch: three near the bars, four 360 px above them,
    // each pair joining where it can.
    const low = [bar(170, 184, 199, 188, 199), bar(185, 185, 196, 199, 189), bar(190, 190, 195, 189, 195)];
    const high = [192, 200, 206, 209].map((x) => bar(x, 16, 28, 16, 16));
    const all = [...bars, ...low, ...high];
    expect(dropTrailingStrays(all, all, scale).map((c) => c.x)).toEqual(bars.map((c) => c.x));
  });

  it('keeps quiet bars after a missing one, trading beside the last bar before it', () => {
    const bars = row(12);
    // Six bars of a fifth of the usual range, the first two places on, within the last range.
    const quiet = [130, 140, 150, 160, 170, 180].map((x) => bar(x, 200, 205, 202, 203));
    const all = [...bars, ...quiet];
    expect(dropTrailingStrays(all, all, scale)).toHaveLength(18);
  });
});
