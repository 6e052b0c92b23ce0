/**
 * What happens to a screenshot after the chart is drawn: the user crops it (cutting chrome and
 * sometimes the oldest candles, never the price or time axis) and/or it is downscaled on the way
 * (messaging apps, "fit to width"). The truth is transformed with the pixels: crop shifts it,
 * a resize by f maps pixel centres (x + 0.5) * f - 0.5.
 */
import sharp from 'sharp';
import type { Rng } from './rng';
import type { RenderResult } from './types';

export type CaptureKind = 'none' | 'crop' | 'resize' | 'both';

export interface CapturePlan {
  kind: CaptureKind;
  /** Downscale factor (resize/both). */
  factor: number;
}

export function pickCapture(rng: Rng, dpr: number, dense: boolean, forced?: CaptureKind): CapturePlan {
  const crop = forced ? forced === 'crop' || forced === 'both' : rng.chance(0.15);
  // Dense charts are left at full size: 1-px candles do not survive a downscale.
  const resize = forced ? forced === 'resize' || forced === 'both' : !dense && rng.chance(0.12);
  const factor = Math.round(rng.range(Math.max(0.4, 0.65 / dpr), 0.9) * 100) / 100;
  return { kind: crop && resize ? 'both' : crop ? 'crop' : resize ? 'resize' : 'none', factor };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export async function applyCapture(
  png: Buffer,
  result: RenderResult,
  plan: CapturePlan,
  axisSide: 'left' | 'right',
  dpr: number,
  rng: Rng,
): Promise<{ png: Buffer; result: RenderResult }> {
  if (plan.kind === 'none') return { png, result };
  const meta = await sharp(png).metadata();
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  let img = sharp(png);
  let r = result;
  let w = W;
  let h = H;
  if (plan.kind === 'crop' || plan.kind === 'both') {
    const p = r.plot;
    const plotW = p.right - p.left;
    const axisRoom = Math.round(95 * dpr);
    const timeRoom = Math.round(40 * dpr);
    const maybe = (max: number) => (rng.chance(0.65) ? rng.int(0, Math.max(0, Math.floor(max))) : 0);
    const cl = axisSide === 'right' ? maybe(p.left + plotW * 0.12) : maybe(p.left - axisRoom);
    const cr = axisSide === 'right' ? maybe(W - p.right - axisRoom) : maybe(W - p.right + plotW * 0.12);
    const ct = maybe(p.top - 2);
    const cb = maybe(H - p.bottom - timeRoom);
    w = W - cl - cr;
    h = H - ct - cb;
    img = sharp(await img.extract({ left: cl, top: ct, width: w, height: h }).png().toBuffer());
    const plot = {
      left: Math.max(p.left - cl, 0),
      top: p.top - ct,
      right: Math.min(p.right - cl, w - 1),
      bottom: Math.min(p.bottom - ct, h - 1),
    };
    r = {
      plot,
      scale: { ...r.scale, y1: r.scale.y1 - ct, y2: r.scale.y2 - ct },
      candles: r.candles
        .map((c) => ({ ...c, x: round1(c.x - cl) }))
        .filter((c) => c.x >= plot.left && c.x <= plot.right),
      ticks: r.ticks.map((t) => ({ ...t, y: t.y - ct })).filter((t) => t.y >= 0 && t.y < h),
    };
  }
  if (plan.kind === 'resize' || plan.kind === 'both') {
    const nw = Math.round(w * plan.factor);
    const nh = Math.round(h * plan.factor);
    const fx = nw / w;
    const fy = nh / h;
    const kernel = rng.pick(['lanczos3', 'cubic', 'linear'] as const);
    img = sharp(await img.resize(nw, nh, { kernel, fit: 'fill' }).png().toBuffer());
    const mx = (x: number) => (x + 0.5) * fx - 0.5;
    const my = (y: number) => (y + 0.5) * fy - 0.5;
    r = {
      plot: {
        left: Math.ceil(mx(r.plot.left)),
        top: Math.ceil(my(r.plot.top)),
        right: Math.floor(mx(r.plot.right)),
        bottom: Math.floor(my(r.plot.bottom)),
      },
      scale: { y1: round1(my(r.scale.y1)), p1: r.scale.p1, y2: round1(my(r.scale.y2)), p2: r.scale.p2 },
      candles: r.candles.map((c) => ({ ...c, x: round1(mx(c.x)) })),
      ticks: r.ticks.map((t) => ({ ...t, y: round1(my(t.y)) })),
    };
  }
  return { png: await img.png().toBuffer(), result: r };
}
