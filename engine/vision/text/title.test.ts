import type { RgbaImage } from '../../core/image';
import { readText } from './read-text';
import { identifyTitle } from './title';
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
