import type { RgbaImage } from '../../core/image';

/** Pixel-level truth of one painted candle: rows as drawn (top row, bottom row inclusive). */
export interface PaintedCandle {
  x: number;
  highY: number;
  lowY: number;
  openY: number;
  closeY: number;
}

export interface PaintOptions {
  width?: number;
  height?: number;
  background?: number;
  grid?: number | null;
  bull?: number;
  bear?: number;
  /** MetaTrader "Green on Black": bull bodies hollow (background fill) with an outline. */
  hollowBull?: boolean;
  outline?: number;
  bars?: boolean;
  spacing?: number;
  bodyWidth?: number;
  count?: number;
  /** Dotted last-price line in the last candle's colour. */
  priceLine?: boolean;
  /** Longest wick beyond the body (or an OHLC bar's ticks), px; 12 by default. */
  maxWick?: number;
  /** A moving-average-like line in another colour crossing the candles. */
  movingAverage?: number | null;
  /**
   * Dense chart as lightweight-charts draws it when the spacing (may be fractional, 2.7 px) is
   * under the body width: each body starts one column after the previous body's right edge, so
   * bodies touch and are 2 or 3 px wide, the wick on a body's left column or its centre.
   */
  touching?: boolean;
  seed?: number;
}

/**
 * Paints a simple chart (no text) the way charting libraries do: crisp 1 px wicks, bodies from the
 * top row through the bottom row inclusive, grid under the candles. Deterministic per seed.
 */
export function paintChart(o: PaintOptions = {}): {
  image: RgbaImage;
  candles: PaintedCandle[];
  plotRight: number;
} {
  const width = o.width ?? 640;
  const height = o.height ?? 400;
  const bg = o.background ?? 0x131722;
  const spacing = o.spacing ?? 9;
  const bodyWidth = o.bodyWidth ?? 7;
  const count = o.count ?? Math.floor((width - 80) / spacing);
  const data = new Uint8Array(width * height * 4);
  const set = (x: number, y: number, c: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 4;
    data[i] = (c >> 16) & 255;
    data[i + 1] = (c >> 8) & 255;
    data[i + 2] = c & 255;
    data[i + 3] = 255;
  };
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) set(x, y, bg);
  const plotRight = width - 61;
  if (o.grid !== null) {
    const g = o.grid ?? 0x2a2e39;
    for (let y = 30; y < height - 30; y += 50) for (let x = 0; x <= plotRight; x++) set(x, y, g);
    for (let x = 40; x < plotRight; x += 90) for (let y = 0; y < height - 30; y++) set(x, y, g);
    for (let y = 0; y < height; y++) set(plotRight + 1, y, g);
  }
  let seed = o.seed ?? 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const candles: PaintedCandle[] = [];
  let price = height / 2;
  const bull = o.bull ?? 0x26a69a;
  const bear = o.bear ?? 0xef5350;
  const half = Math.floor(bodyWidth / 2);
  let prevRight = -1;
  for (let i = 0; i < count; i++) {
    const x = 12 + Math.round(i * spacing) + half;
    if (x + half > plotRight - 2) break;
    const openY = Math.round(price);
    let closeY = Math.round(price + (rnd() - 0.5) * 40);
    closeY = Math.max(60, Math.min(height - 80, closeY));
    const maxWick = o.maxWick ?? 12;
    const highY = Math.min(openY, closeY) - Math.round(rnd() * maxWick);
    const lowY = Math.max(openY, closeY) + Math.round(rnd() * maxWick);
    const up = closeY < openY;
    const colour = up ? bull : bear;
    if (o.bars) {
      for (let y = highY; y <= lowY; y++) set(x, y, colour);
      for (let k = 1; k <= half; k++) {
        set(x - k, openY, colour);
        set(x + k, closeY, colour);
      }
    } else {
      const top = Math.min(openY, closeY);
      const bottom = Math.max(openY, closeY);
      const wick = o.hollowBull ? (o.outline ?? bull) : colour;
      for (let y = highY; y <= lowY; y++) set(x, y, wick);
      const from = o.touching && prevRight >= 0 ? Math.min(half, Math.max(-half, prevRight + 1 - x)) : -half;
      prevRight = x + half;
      for (let y = top; y <= bottom; y++) {
        for (let dx = from; dx <= half; dx++) {
          const edge = dx === from || dx === half || y === top || y === bottom;
          if (o.hollowBull && up) set(x + dx, y, edge ? (o.outline ?? bull) : bg);
          else if (o.hollowBull) set(x + dx, y, edge ? (o.outline ?? bull) : bear);
          else set(x + dx, y, colour);
        }
      }
    }
    candles.push({ x, highY, lowY, openY, closeY });
    price = closeY;
  }
  if (o.priceLine) {
    const last = candles.at(-1)!;
    const c = last.closeY < last.openY ? bull : bear;
    for (let x = 0; x <= plotRight; x++) if (x % 6 < 3) set(x, last.closeY, c);
  }
  if (o.movingAverage) {
    for (let x = 0; x <= plotRight; x++) {
      const y = Math.round(height / 2 + Math.sin(x / 60) * 50);
      set(x, y, o.movingAverage);
      set(x, y + 1, o.movingAverage);
    }
  }
  return { image: { width, height, data }, candles, plotRight };
}
