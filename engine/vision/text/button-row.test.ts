import type { RgbaImage } from '../../core/image';
import { decodeImage } from '../../../adapters/node/decode-image';
import { buttonRowTimeframe } from './buttons';
import { identifyTitle } from './title';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

/**
 * A dark plot 800x200 with a toolbar row at its bottom-left: words copied from the ECharts picker
 * fixture's buttons ("15m" at x 88-111, "1D" at x 244-259, rows 55-64) and icon buttons painted
 * as grey outlined squares 16 px tall (the word is 9 px: Stockity's icons are 1.7-2x its text).
 */
async function toolbar(items: readonly ('15m' | '1D' | 'icon')[]): Promise<RgbaImage> {
  const src = await decodeImage(FIXTURES + 'ed30-022-USDJPY-echarts-dark-5m-picker.png');
  const width = 800;
  const height = 200;
  const data = new Uint8Array(width * height * 4);
  const bg = [src.data[0]!, src.data[1]!, src.data[2]!];
  for (let p = 0; p < data.length; p += 4) {
    data[p] = bg[0]!;
    data[p + 1] = bg[1]!;
    data[p + 2] = bg[2]!;
    data[p + 3] = 255;
  }
  const set = (x: number, y: number, c: readonly number[]): void => {
    const p = (y * width + x) * 4;
    data[p] = c[0]!;
    data[p + 1] = c[1]!;
    data[p + 2] = c[2]!;
  };
  const words = { '15m': [85, 114], '1D': [241, 262] } as const;
  let x = 12;
  const mid = 178;
  for (const item of items) {
    if (item === 'icon') {
      const grey = [141, 141, 142];
      for (let i = 0; i < 16; i++) {
        set(x + i, mid - 8, grey);
        set(x + i, mid + 7, grey);
        set(x, mid - 8 + i, grey);
        set(x + 15, mid - 8 + i, grey);
        set(x + 7, mid - 8 + i, grey);
        set(x + 8, mid - 8 + i, grey);
      }
      x += 30;
      continue;
    }
    const [from, to] = words[item];
    for (let y = 52; y < 67; y++)
      for (let sx = from; sx < to; sx++) {
        const p = (y * src.width + sx) * 4;
        set(x + sx - from, mid - 60 + y, [src.data[p]!, src.data[p + 1]!, src.data[p + 2]!]);
      }
    x += to - from + 14;
  }
  return { width, height, data };
}

const plotOf = (img: RgbaImage) => ({ left: 0, top: 0, right: img.width - 1, bottom: img.height - 1 });

describe('buttonRowTimeframe: the one word of a row of icon buttons at the plot bottom-left', () => {
  it('reads "15m" standing before icon buttons', async () => {
    const img = await toolbar(['15m', 'icon', 'icon', 'icon', 'icon']);
    expect(buttonRowTimeframe(img, plotOf(img))).toBe('15m');
    expect(identifyTitle(img, [], plotOf(img)).timeframe).toBe('15m');
  });

  it('reads no timeframe from a row of several words (a range bar "1D 15m ...": ranges, not the timeframe)', async () => {
    const img = await toolbar(['1D', '15m', 'icon', 'icon']);
    expect(buttonRowTimeframe(img, plotOf(img))).toBeNull();
    // Either word alone among the icons is an interval button.
    const alone = await toolbar(['1D', 'icon', 'icon']);
    expect(buttonRowTimeframe(alone, plotOf(alone))).toBe('1d');
  });

  it('reads no timeframe from a word with no icon beside it', async () => {
    const img = await toolbar(['1D']);
    expect(buttonRowTimeframe(img, plotOf(img))).toBeNull();
  });
});
