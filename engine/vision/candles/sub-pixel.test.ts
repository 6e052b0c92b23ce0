import { readSubPixelBars } from './sub-pixel';

/** A random walk of bar ranges (rows), deterministic per seed. */
function bars(n: number, seed: number): { high: number; low: number }[] {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const out: { high: number; low: number }[] = [];
  let mid = 100;
  for (let i = 0; i < n; i++) {
    mid = Math.max(30, Math.min(170, mid + Math.round((rnd() - 0.5) * 8)));
    const half = 2 + Math.floor(rnd() * 6);
    out.push({ high: mid - half, low: mid + half });
  }
  return out;
}

/**
 * A capture of grey 1 px bars every 2 px scaled down by `scale` (box filter across columns): the
 * bars stand `2 * scale` px apart, whole in one column here, split over two lighter ones there.
 */
function scaledBars(n: number, scale: number, seed: number) {
  const grey = 0x96;
  const w = Math.ceil(2 * n * scale) + 4;
  const h = 200;
  const share = new Float32Array(w * h);
  const truth = bars(n, seed).map((b, i) => {
    const left = (2 * i + 0.5) * scale + 1;
    const right = left + scale;
    for (let x = Math.floor(left); x < Math.ceil(right); x++) {
      const cover = Math.min(right, x + 1) - Math.max(left, x);
      for (let y = b.high; y <= b.low; y++) share[y * w + x] = Math.min(1, share[y * w + x]! + cover / scale);
    }
    return { ...b, x: (left + right) / 2 - 0.5 };
  });
  const rgb = new Uint32Array(w * h);
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const v = Math.round(255 - share[i]! * (255 - grey));
    rgb[i] = (v << 16) | (v << 8) | v;
    if (share[i]! >= 0.3) ink[i] = 1;
  }
  const plot = { left: 0, top: 0, right: w - 1, bottom: h - 1 };
  const palette = [{ colour: 0x969696, mass: 1000 }];
  const sampler = { raster: { width: w, height: h, rgb }, background: 0xffffff };
  return { ink, plot, palette, sampler, truth };
}

describe('bars on a sub-pixel lattice (a dense capture scaled down)', () => {
  it('reads 1 px bars scaled to 1.48 px apart, each bar once with its high and low', () => {
    const { ink, plot, palette, sampler, truth } = scaledBars(200, 0.74, 7);
    const read = readSubPixelBars(ink, plot, palette, sampler);
    expect(read).not.toBeNull();
    expect(read!.lattice.pitch).toBeCloseTo(1.48, 2);
    const got = read!.extraction.candles;
    expect(got.length).toBe(truth.length);
    // Each bar's range: its own columns' ends, a neighbour's only where a column holds both.
    const off = got.map((c, i) =>
      Math.max(Math.abs(c.highY - truth[i]!.high), Math.abs(c.lowY - truth[i]!.low)),
    );
    expect(off.filter((d) => d === 0).length).toBeGreaterThanOrEqual(0.9 * truth.length);
    expect(got.every((c, i) => Math.abs(c.x - truth[i]!.x) < 0.5)).toBe(true);
  });

  it('finds no lattice in a line (one stroke moving, nothing periodic)', () => {
    const w = 300;
    const h = 200;
    const rgb = new Uint32Array(w * h).fill(0xffffff);
    const ink = new Uint8Array(w * h);
    for (let x = 0; x < w; x++) {
      const y = Math.round(100 + 40 * Math.sin(x / 30));
      for (let t = 0; t < 2; t++) {
        ink[(y + t) * w + x] = 1;
        rgb[(y + t) * w + x] = 0x969696;
      }
    }
    const read = readSubPixelBars(
      ink,
      { left: 0, top: 0, right: w - 1, bottom: h - 1 },
      [{ colour: 0x969696, mass: 600 }],
      { raster: { width: w, height: h, rgb }, background: 0xffffff },
    );
    expect(read).toBeNull();
  });
});

describe('candles in two colours on a sub-pixel lattice (2.56 px per bar)', () => {
  it('reads each candle body (its 2 px wide rows) and its direction from its colour', () => {
    const bull = 0x26a69a;
    const bear = 0xef5350;
    const n = 200;
    const pitch = 2.56;
    const w = Math.ceil(n * pitch) + 6;
    const h = 200;
    const rgb = new Uint32Array(w * h).fill(0xffffff);
    const ink = new Uint8Array(w * h);
    let s = 11;
    const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    let open = 100;
    const truth: { top: number; bottom: number; up: boolean }[] = [];
    for (let i = 0; i < n; i++) {
      // Closes meet the next opens (rows), bodies 2-9 rows, wicks up to 4 rows beyond.
      const up = rnd() < 0.5 && open > 40;
      const close = Math.max(30, Math.min(170, open + (up ? -1 : 1) * (2 + Math.floor(rnd() * 8))));
      const top = Math.min(open, close);
      const bottom = Math.max(open, close);
      const high = top - Math.floor(rnd() * 5);
      const low = bottom + Math.floor(rnd() * 5);
      const left = Math.floor(i * pitch) + 2;
      const k = close < open ? 1 : 2;
      const paint = (x: number, y: number) => {
        ink[y * w + x] = k;
        rgb[y * w + x] = k === 1 ? bull : bear;
      };
      for (let y = high; y <= low; y++) paint(left, y);
      for (let y = top; y <= bottom; y++) paint(left + 1, y);
      truth.push({ top, bottom, up: close < open });
      open = close;
    }
    const read = readSubPixelBars(
      ink,
      { left: 0, top: 0, right: w - 1, bottom: h - 1 },
      [
        { colour: bull, mass: 1000 },
        { colour: bear, mass: 1000 },
      ],
      { raster: { width: w, height: h, rgb }, background: 0xffffff },
    );
    expect(read).not.toBeNull();
    const got = read!.extraction.candles;
    expect(got.length).toBe(n);
    const right = got.filter(
      (c, i) =>
        c.bodyTop === truth[i]!.top &&
        c.bodyBottom === truth[i]!.bottom &&
        c.direction === (truth[i]!.up ? 1 : -1),
    );
    expect(right.length).toBeGreaterThanOrEqual(0.9 * n);
  });
});
