import type { PlotRect } from '../types';
import type { AxisColumn } from './axis-locate';
import {
  LABEL_BAND_GAP_PX,
  LABEL_BAND_MAX_SHARE,
  LABEL_BAND_MIN_PX,
  LABEL_BAND_QUIET_MIN_PX,
  LABEL_BAND_QUIET_SHARE,
  SIDE_PANEL_GAP_MIN_PX,
  MIN_STRIP_PX,
  SIDE_PANEL_GAP_SHARE,
  STRIP_PAD_MIN_PX,
  STRIP_PAD_SHARE,
  TAG_BEYOND_LABELS_CAPS,
} from './tuning';

/**
 * The price axis strip: which side of the plot it is on and the rectangle its labels are read
 * from. With the labels found (axis-locate) the strip is theirs; without, it is the column of
 * text beside the plot, stopping before a side panel.
 */

/**
 * No separator and no grid, and no labels read: the axis is the column of labels at one side of
 * the region, set off from the candles by an empty gap. Walks from the region's edge (dir -1
 * from the right, 1 from the left) over empty columns, across the band of labels, to a gap of
 * LABEL_BAND_GAP_PX empty columns; returns the plot's edge before that gap, or null when there is
 * no such band of a label column's width.
 */
export function labelBandEdge(
  bgMask: Uint8Array,
  width: number,
  region: PlotRect,
  plotTop: number,
  plotBottom: number,
  dir: 1 | -1,
): number | null {
  const { left, right } = region;
  const rw = right - left + 1;
  const quiet = Math.max(
    LABEL_BAND_QUIET_MIN_PX,
    Math.round((plotBottom - plotTop) * LABEL_BAND_QUIET_SHARE),
  );
  const inkAt = (x: number) => {
    let n = 0;
    for (let y = plotTop; y <= plotBottom; y += 2) if (!bgMask[y * width + x]) n++;
    return n;
  };
  let x = dir < 0 ? right : left;
  const end = dir < 0 ? left : right;
  while (x !== end && inkAt(x) <= quiet) x += dir;
  const bandStart = x;
  let gap = 0;
  while (x !== end) {
    if (inkAt(x) <= quiet) {
      if (++gap >= LABEL_BAND_GAP_PX) break;
    } else gap = 0;
    x += dir;
  }
  const bandWidth = Math.abs(x - bandStart) - gap;
  if (gap < LABEL_BAND_GAP_PX || bandWidth < LABEL_BAND_MIN_PX || bandWidth > rw * LABEL_BAND_MAX_SHARE)
    return null;
  return x - dir * gap;
}

/**
 * The side of the axis: the labels' side when they were read, else the side with the wider
 * strip between plot and region edge, else (no strip inside the region: the axis has its own
 * background) the side with room outside the plot.
 */
export function axisSideOf(
  width: number,
  region: PlotRect,
  plot: PlotRect,
  labelSide: 'left' | 'right' | null,
): 'left' | 'right' {
  const leftStrip = plot.left - region.left;
  const rightStrip = region.right - plot.right;
  let axisSide: 'left' | 'right' = rightStrip >= leftStrip ? 'right' : 'left';
  if (rightStrip < MIN_STRIP_PX && leftStrip < MIN_STRIP_PX) {
    // No strip inside the region: the axis has its own background; look just outside.
    axisSide = plot.right < width - MIN_STRIP_PX ? 'right' : 'left';
  }
  if (labelSide) axisSide = labelSide;
  return axisSide;
}

/**
 * Where the price labels are read: beside the plot on the axis side, the plot's rows and a pad
 * (a share of the region's height; and the labels' own rows, a label height beyond them, when
 * they were found), out to a label height beyond the labels, or without labels to the end of
 * the column of text beside the plot.
 */
export function axisStripOf(
  bgMask: Uint8Array,
  width: number,
  height: number,
  region: PlotRect,
  plot: PlotRect,
  axisSide: 'left' | 'right',
  axis: AxisColumn | null,
): PlotRect {
  const { left: plotLeft, top: plotTop, right: plotRight, bottom: plotBottom } = plot;
  const rh = region.bottom - region.top + 1;
  const pad = Math.round(Math.max(STRIP_PAD_MIN_PX, rh * STRIP_PAD_SHARE));
  let stripTop = Math.max(0, plotTop - pad);
  let stripBottom = Math.min(height - 1, plotBottom + pad);
  if (axis) {
    stripTop = Math.max(0, Math.min(stripTop, axis.labels.top - axis.capHeight));
    stripBottom = Math.min(height - 1, Math.max(stripBottom, axis.labels.bottom + axis.capHeight));
  }
  // The labels form one column next to the plot; a side panel (watchlist, order book) of the
  // same colour may follow after an empty gap and must not be read as the axis.
  const labelColumnEnd = (from: number, dir: 1 | -1): number => {
    const gapNeeded = Math.max(SIDE_PANEL_GAP_MIN_PX, Math.round(width * SIDE_PANEL_GAP_SHARE));
    let seen = false;
    let empty = 0;
    let last = from;
    for (let x = from; x >= 0 && x < width; x += dir) {
      let ink = 0;
      for (let y = stripTop; y <= stripBottom; y += 2) if (!bgMask[y * width + x]) ink++;
      if (ink > 0) {
        seen = true;
        empty = 0;
        last = x;
      } else if (seen && ++empty >= gapNeeded) break;
    }
    return last;
  };
  // Past the labels: a label height, or on over the price tags that continue them (wider text).
  const tagReach = axis ? axis.capHeight * TAG_BEYOND_LABELS_CAPS : 0;
  return axis
    ? axisSide === 'right'
      ? {
          left: plotRight + 1,
          top: stripTop,
          right: Math.min(
            width - 1,
            axis.labels.right + tagReach,
            Math.max(axis.labels.right + axis.capHeight, labelColumnEnd(axis.labels.right, 1) + 2),
          ),
          bottom: stripBottom,
        }
      : {
          left: Math.max(
            0,
            axis.labels.left - tagReach,
            Math.min(axis.labels.left - axis.capHeight, labelColumnEnd(axis.labels.left, -1) - 2),
          ),
          top: stripTop,
          right: plotLeft - 1,
          bottom: stripBottom,
        }
    : axisSide === 'right'
      ? {
          left: plotRight + 1,
          top: stripTop,
          right: Math.min(
            width - 1,
            Math.max(labelColumnEnd(plotRight + 2, 1) + 2, plotRight + MIN_STRIP_PX),
          ),
          bottom: stripBottom,
        }
      : {
          left: Math.max(0, Math.min(labelColumnEnd(plotLeft - 2, -1) - 2, plotLeft - MIN_STRIP_PX)),
          top: stripTop,
          right: plotLeft - 1,
          bottom: stripBottom,
        };
}
