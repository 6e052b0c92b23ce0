import { describe, expect, it } from 'vitest';
import type { PlotRect } from '../types';
import type { AxisColumn } from './axis-locate';
import { axisStripOf } from './axis-strip';
import { TAG_BEYOND_LABELS_CAPS } from './tuning';

const W = 240;
const H = 100;
const CAP = 8;

/** A background mask (1 = background) with ink in each given box (inclusive). */
function mask(...boxes: PlotRect[]): Uint8Array {
  const m = new Uint8Array(W * H).fill(1);
  for (const b of boxes)
    for (let y = b.top; y <= b.bottom; y++) m.fill(0, y * W + b.left, y * W + b.right + 1);
  return m;
}

const region = { left: 0, top: 0, right: W - 1, bottom: H - 1 };
const axisAt = (labels: PlotRect): AxisColumn => ({ labels, capHeight: CAP }) as AxisColumn;

describe('axisStripOf with the labels found', () => {
  const plot = { left: 0, top: 5, right: 149, bottom: 94 };
  const labels = { left: 152, top: 10, right: 175, bottom: 90 };

  it('takes in a price tag printed wider than the labels (its last digit was cut)', () => {
    const tag = { left: 151, top: 50, right: 186, bottom: 58 };
    const strip = axisStripOf(mask(labels, tag), W, H, region, plot, 'right', axisAt(labels));
    expect(strip.right).toBeGreaterThanOrEqual(tag.right);
  });

  it('ends a label height past the labels when nothing continues them', () => {
    const strip = axisStripOf(mask(labels), W, H, region, plot, 'right', axisAt(labels));
    expect(strip.right).toBe(labels.right + CAP);
  });

  it('reaches no further than a few label heights over ink that runs on (a panel beside the axis)', () => {
    const panel = { left: 176, top: 0, right: W - 1, bottom: H - 1 };
    const strip = axisStripOf(mask(labels, panel), W, H, region, plot, 'right', axisAt(labels));
    expect(strip.right).toBe(labels.right + CAP * TAG_BEYOND_LABELS_CAPS);
  });

  it('takes in a wider tag on a left axis too', () => {
    const leftPlot = { left: 90, top: 5, right: W - 1, bottom: 94 };
    const leftLabels = { left: 64, top: 10, right: 87, bottom: 90 };
    const tag = { left: 53, top: 50, right: 88, bottom: 58 };
    const strip = axisStripOf(mask(leftLabels, tag), W, H, region, leftPlot, 'left', axisAt(leftLabels));
    expect(strip.left).toBeLessThanOrEqual(tag.left);
    expect(strip.right).toBe(leftPlot.left - 1);
  });
});
