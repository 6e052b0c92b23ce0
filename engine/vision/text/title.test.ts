import type { RgbaImage } from '../../core/image';
import { readText } from './read-text';
import type { Timeframe } from '../../core/ohlc';
import { completeTitle, identifyTitle, printRegion, titleRegions } from './title';
import { pickerRegions, pickerTimeframe } from './buttons';
import type { TextToken } from './types';
import { decodeImage } from '../../../adapters/node/decode-image';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

const load = (file: string) => decodeImage(FIXTURES + file);

function identify(img: RgbaImage): ReturnType<typeof identifyTitle> {
  return identifyTitle(img, readText(img, { left: 0, top: 0, right: img.width, bottom: img.height }));
}

describe('identifyTitle: the active button of a timeframe picker', () => {
  it('reads the timeframe of the one button drawn in another colour (dark red text on a dark toolbar)', async () => {
    // ECharts-style header "USDJPY 163.946" over a picker "1m 5m 15m 30m 1H 4H 1D", 5m in red.
    const img = await load('ed30-022-USDJPY-echarts-dark-5m-picker.png');
    expect(identify(img)).toEqual({ symbol: 'USDJPY', timeframe: '5m' });
  });

  it('reads it on a light phone header too (4H in red among grey buttons)', async () => {
    const img = await load('ed30-029-GBPUSD-echarts-light-4h-picker.png');
    expect(identify(img)).toEqual({ symbol: 'GBPUSD', timeframe: '4h' });
  });

  it('names no timeframe when every button looks alike', async () => {
    const img = await load('ed30-022-USDJPY-echarts-dark-5m-picker.png');
    // The red button repainted in the other buttons' grey, blends included.
    const bg = [23, 23, 27];
    const grey = [141, 141, 142];
    for (let p = 0; p < img.data.length; p += 4) {
      if (img.data[p]! - img.data[p + 1]! <= 10) continue;
      const share = Math.min(1, Math.max(0, (img.data[p]! - bg[0]!) / (138 - bg[0]!)));
      for (let c = 0; c < 3; c++) img.data[p + c] = Math.round(bg[c]! + share * (grey[c]! - bg[c]!));
    }
    expect(identify(img)).toEqual({ symbol: 'USDJPY', timeframe: null });
  });
});

describe('identifyTitle: MetaTrader titles drawn over rules and in subpixel colours', () => {
  // A MetaTrader 5 render's top-left corner: "NZDUSD, M5:  New Zealand Dollar vs US Dollar" over
  // a dotted grid (a vertical rule through the Z, a horizontal one through the text's middle).
  const fixture = 'mt5-title-NZDUSD-M5.png';
  const plotOf = (img: RgbaImage) => ({ left: 0, top: 0, right: img.width - 1, bottom: img.height - 1 });
  const identifyIn = (img: RgbaImage) =>
    identifyTitle(img, readText(img, { left: 0, top: 0, right: img.width, bottom: img.height }), plotOf(img));
  /** The first `w` columns: cut there, the dotted row runs on past the text into the words. */
  const narrow = (img: RgbaImage, w: number): RgbaImage => {
    const data = new Uint8Array(w * img.height * 4);
    for (let y = 0; y < img.height; y++)
      data.set(img.data.subarray(y * img.width * 4, (y * img.width + w) * 4), y * w * 4);
    return { width: w, height: img.height, data };
  };

  it('reads a title whose words a dotted grid line glues into one token', async () => {
    const img = narrow(await load(fixture), 280);
    // What the first read sees: one token of dots and letters.
    expect(readText(img, { left: 0, top: 0, right: img.width, bottom: img.height })[0]!.text).toMatch(/^·+N/);
    expect(identifyIn(img)).toEqual({ symbol: 'NZDUSD', timeframe: '5m' });
  });

  it('reads it drawn with subpixel colour fringes (ClearType)', async () => {
    const img = await load(fixture);
    const src = new Uint8Array(img.data);
    // Red from the right neighbour, green half way: coloured fringes on every stroke edge.
    for (let y = 0; y < img.height; y++)
      for (let x = 1; x < img.width - 1; x++) {
        const p = (y * img.width + x) * 4;
        img.data[p] = src[p + 4]!;
        img.data[p + 1] = Math.round((src[p + 1]! + src[p + 5]!) / 2);
      }
    expect(readText(img, { left: 0, top: 0, right: img.width, bottom: img.height })[0]!.text).not.toMatch(
      /NZDUSD/,
    );
    expect(identifyIn(img)).toEqual({ symbol: 'NZDUSD', timeframe: '5m' });
  });

  it('reads the timeframe with a dotted rule through its digit', async () => {
    const img = await load(fixture);
    // A rule of 2 px dashes down column 70, through the 5 of "M5".
    for (let y = 0; y < img.height; y += 4)
      for (const yy of [y, y + 1]) {
        const p = (yy * img.width + 70) * 4;
        img.data[p] = img.data[p + 1] = img.data[p + 2] = 200;
      }
    expect(identifyIn(img)).toEqual({ symbol: 'NZDUSD', timeframe: '5m' });
  });
});

describe('completeTitle: the active button of a picker row the OCR read', () => {
  const texts = ['1m', '3m', '5m', '15m', '1h', '2h', '4h'];
  /** A dark toolbar with one "button" per text (a block of ink), the `tinted` one in blue. */
  function toolbar(tinted: number | null): { image: RgbaImage; words: TextToken[] } {
    const width = 10 + texts.length * 50;
    const height = 40;
    const data = new Uint8Array(width * height * 4);
    for (let p = 0; p < data.length; p += 4) data.set([19, 23, 34, 255], p);
    const words = texts.map((text, i) => {
      const box = { left: 10 + i * 50, top: 12, right: 40 + i * 50, bottom: 28 };
      const ink = i === tinted ? [40, 98, 255] : [179, 181, 190];
      // Two strokes: a stem and a bar, as a glyph's ink.
      for (let y = box.top + 1; y < box.bottom - 1; y++)
        for (let x = box.left + 2; x < box.right - 2; x++)
          if (x < box.left + 5 || (y > 18 && y < 21)) data.set([...ink, 255], (y * width + x) * 4);
      return { text, box, confidence: 0.9 };
    });
    return { image: { width, height, data }, words };
  }
  const state = {
    own: { symbol: 'EURUSD', timeframe: null },
    evidence: { symbols: [], positional: [], units: new Set<Timeframe>(), picker: false, pickerRows: [] },
  };

  it('reads the timeframe of the one button the OCR read in another colour', () => {
    const { image, words } = toolbar(4);
    expect(completeTitle(image, [], undefined, words, state)).toMatchObject({
      symbol: 'EURUSD',
      timeframe: '1h',
    });
  });

  it('names none when every button looks alike (a picker, so no lone timeframe either)', () => {
    const { image, words } = toolbar(null);
    expect(completeTitle(image, [], undefined, words, state).timeframe).toBeNull();
  });
});

describe('pickerTimeframe: a CJK picker read one ideograph a word', () => {
  // Binance's toolbar "分时 1分钟 3分钟 5分钟 15分钟 1小时 4小时 1日 1周", 4小时 in white.
  const buttons = ['分时', '1分钟', '3分钟', '5分钟', '15分钟', '1小时', '4小时', '1日', '1周'];
  /** A dark toolbar with each button's ink; its words, one per character, boxes loose as the model's. */
  function toolbar(active: number | null): { image: RgbaImage; words: TextToken[] } {
    const width = 20 + buttons.length * 60;
    const height = 40;
    const data = new Uint8Array(width * height * 4);
    for (let p = 0; p < data.length; p += 4) data.set([24, 26, 32, 255], p);
    const words: TextToken[] = [];
    buttons.forEach((text, i) => {
      const left = 10 + i * 60;
      const ink = i === active ? [234, 236, 239] : [132, 142, 156];
      for (let y = 14; y < 26; y++)
        for (let x = left; x < left + 12 * [...text].length; x++)
          if (x % 4 === 0 || y === 19) data.set([...ink, 255], (y * width + x) * 4);
      // Each character a word, the box 4 px wider than its cell either side (the model's loose boxes).
      [...text].forEach((ch, k) =>
        words.push({
          text: ch,
          box: { left: left + 12 * k - 4, top: 13, right: left + 12 * (k + 1) + 4, bottom: 27 },
          confidence: 0.93,
        }),
      );
    });
    // An icon right of the row, read as an ideograph.
    words.push({
      text: '加',
      box: { left: width - 8, top: 13, right: width - 1, bottom: 27 },
      confidence: 0.6,
    });
    return { image: { width, height, data }, words };
  }

  it('glues the characters into buttons and reads the one in another colour', () => {
    const { image, words } = toolbar(6);
    expect(pickerTimeframe(image, words)).toBe('4h');
  });

  it('takes a number after a unit for the next button however close the boxes', () => {
    const { image, words } = toolbar(4);
    expect(pickerTimeframe(image, words)).toBe('15m');
  });

  it('names none when every button looks alike', () => {
    const { image, words } = toolbar(null);
    expect(pickerTimeframe(image, words)).toBeNull();
  });
});

describe('pickerRegions', () => {
  const word = (text: string, left: number, top = 47): TextToken => ({
    text,
    box: { left, top, right: left + 24, bottom: top + 11 },
    confidence: 0.3,
  });

  it('names a line of short words led by digits (an English model on a Chinese picker), padded', () => {
    // tesseract eng on "分时 1分钟 3分钟 5分钟 15分钟 1小时 4小时 1日 1周" (Binance).
    const texts = ['SE', '19%', '39%', '55H', '155%', 'VE', 'ah', '1B', '1A'];
    const words = texts.map((t, i) => word(t, 140 + 40 * i));
    const [region, ...more] = pickerRegions(2560, 1341, words);
    expect(more).toEqual([]);
    expect(region!.textPx).toBe(11);
    // From "19%" to "1A", three word heights (33 px) more either side, half a height above and below.
    expect(region!.box).toEqual({
      left: 180 - 33,
      top: 47 - 6,
      right: 140 + 40 * 8 + 24 + 33,
      bottom: 58 + 6,
    });
  });

  it('names no line of prices, times or words', () => {
    const words = [
      ...['1.884000', '1.894000', '1.862000', '1.863000', '12:00'].map((t, i) => word(t, 100 * i)),
      ...['GASUSDT', 'Binance', 'BB', '20'].map((t, i) => word(t, 100 * i, 80)),
    ];
    expect(pickerRegions(2560, 1341, words)).toEqual([]);
  });
});

describe('printRegion', () => {
  it("is the legend's title region, deep enough for a line under the title", () => {
    // TradingView's 2019 legend at 2x: title 180-205, O/H/L/C 213-231 under a plot top at 159.
    const plot = { left: 212, top: 159, right: 1377, bottom: 586 };
    const legend = titleRegions(1600, 800, plot, []).at(-1)!;
    const print = printRegion(1600, 800, plot, []);
    expect(print.box).toEqual({ ...legend.box, bottom: 159 + Math.round(428 * 0.2) });
    expect(legend.box.bottom).toBeLessThan(231);
    expect(print.box.bottom).toBeGreaterThan(231);
  });
});
