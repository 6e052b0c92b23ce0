import type { RgbaImage } from '../../engine/core/image';
import { greyBox, inkDistanceBox } from './grey-box';

type Rgb = [number, number, number];
const LIGHT: Rgb = [240, 240, 240];
const DARK: Rgb = [19, 23, 34];
const WHITE: Rgb = [179, 181, 190];
const BLUE: Rgb = [40, 98, 255];

/** 40 x 40: a light browser bar (rows 0-25) over a dark toolbar `toolbarRows` tall, `dots` painted on. */
function header(toolbarRows: number, dots: [x: number, y: number, rgb: Rgb][]): RgbaImage {
  const width = 40;
  const height = 40;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.set([...(y >= height - toolbarRows ? DARK : LIGHT), 255], (y * width + x) * 4);
  for (const [x, y, rgb] of dots) data.set([...rgb, 255], (y * width + x) * 4);
  return { width, height, data };
}

const distances = async (image: RgbaImage) => {
  const { data, background } = await inkDistanceBox(image, {
    left: 0,
    top: 0,
    width: 40,
    height: 40,
  });
  expect(background).toBe(0);
  return (x: number, y: number) => data[y * 40 + x]!;
};

describe('inkDistanceBox: a band of another background measured against its own colour', () => {
  it('makes a toolbar band background, its white and its blue text ink alike', async () => {
    const at = await distances(
      header(14, [
        [5, 4, [30, 30, 30]],
        [5, 32, WHITE],
        [20, 32, BLUE],
      ]),
    );
    // Both backgrounds are no ink (against the light bar alone the toolbar would be the darkest ink).
    expect(at(30, 4)).toBe(0);
    expect(at(30, 32)).toBe(0);
    expect(at(5, 4)).toBeGreaterThan(150);
    expect(at(5, 32)).toBeGreaterThan(150);
    // The blue differs from the toolbar by ~75 grey levels only; by colour by much more.
    expect(at(20, 32)).toBeGreaterThan(120);
  });

  it('leaves rows outside a band as greyBox measures them (a thin dark run is a rule, not a band)', async () => {
    const image = header(6, [[20, 10, BLUE]]);
    const at = await distances(image);
    const grey = await greyBox(image, { left: 0, top: 0, width: 40, height: 40 });
    const greyAt = (x: number, y: number) => Math.abs(grey.data[y * 40 + x]! - grey.background);
    // The 6 dark rows are measured against the light background, like a rule.
    expect(at(30, 36)).toBe(greyAt(30, 36));
    expect(at(30, 36)).toBeGreaterThan(150);
    // No colour term outside bands: the blue on the light bar by its grey difference only.
    expect(at(20, 10)).toBe(greyAt(20, 10));
  });
});
