/**
 * The visible part of a zoomed chart (the full-screen view's viewBox), as pure functions so the
 * wheel, pinch, drag and keyboard handlers share one tested piece of arithmetic.
 */

export interface ZoomView {
  /** 1 shows the whole chart; ZOOM_MAX shows 1/ZOOM_MAX of its width. */
  readonly zoom: number;
  /** Centre of the visible part, in chart units. */
  readonly cx: number;
  readonly cy: number;
}

/** Deep enough to see single 5m candles of a 1600 px screenshot on a phone (~48 px per 100). */
export const ZOOM_MAX = 8;
/** One press of + or -, or one wheel notch. */
export const ZOOM_STEP = 1.25;

export interface Size {
  readonly width: number;
  readonly height: number;
}

export const initialView = (chart: Size): ZoomView => ({
  zoom: 1,
  cx: chart.width / 2,
  cy: chart.height / 2,
});

/**
 * The visible rectangle: ZOOM times narrower than the chart, and as tall as the screen's shape
 * allows (a zoomed chart on an upright phone fills the height instead of staying a 16:9 strip),
 * its centre moved back inside the chart so no empty space shows.
 */
export function viewBox(view: ZoomView, chart: Size, element?: Size) {
  const width = chart.width / view.zoom;
  const aspect = element && element.width > 0 ? element.height / element.width : chart.height / chart.width;
  const height = Math.min(chart.height, Math.max(chart.height / view.zoom, width * aspect));
  const x = Math.min(chart.width - width, Math.max(0, view.cx - width / 2));
  const y = Math.min(chart.height - height, Math.max(0, view.cy - height / 2));
  return { x, y, width, height };
}

export function clampView(view: ZoomView, chart: Size, element?: Size): ZoomView {
  const zoom = Math.min(ZOOM_MAX, Math.max(1, view.zoom));
  const box = viewBox({ ...view, zoom }, chart, element);
  return { zoom, cx: box.x + box.width / 2, cy: box.y + box.height / 2 };
}

/**
 * Screen px per chart unit and the letterbox offsets of an SVG of `element` size showing `box`
 * with preserveAspectRatio "xMidYMid meet".
 */
export function screenMapping(box: { width: number; height: number }, element: Size) {
  const scale = Math.min(element.width / box.width, element.height / box.height);
  return {
    scale,
    offsetX: (element.width - box.width * scale) / 2,
    offsetY: (element.height - box.height * scale) / 2,
  };
}

/** The chart point under a screen point (relative to the SVG element's top-left). */
export function toChart(view: ZoomView, chart: Size, element: Size, sx: number, sy: number) {
  const box = viewBox(view, chart, element);
  const m = screenMapping(box, element);
  return { x: box.x + (sx - m.offsetX) / m.scale, y: box.y + (sy - m.offsetY) / m.scale };
}

/** Zoom by `factor` keeping the chart point under the screen point (sx, sy) where it is. */
export function zoomAt(
  view: ZoomView,
  chart: Size,
  element: Size,
  factor: number,
  sx: number,
  sy: number,
): ZoomView {
  const before = toChart(view, chart, element, sx, sy);
  const zoom = Math.min(ZOOM_MAX, Math.max(1, view.zoom * factor));
  if (zoom === view.zoom) return view;
  const box = viewBox(view, chart, element);
  const next = viewBox({ zoom, cx: 0, cy: 0 }, chart, element);
  // The box shrinks around the point: its offset from the point scales with the box.
  const x = before.x - (before.x - box.x) * (next.width / box.width);
  const y = before.y - (before.y - box.y) * (next.height / box.height);
  return clampView({ zoom, cx: x + next.width / 2, cy: y + next.height / 2 }, chart, element);
}

/** Moves the view by a drag of (dx, dy) screen px: the chart follows the finger. */
export function panBy(view: ZoomView, chart: Size, element: Size, dx: number, dy: number): ZoomView {
  const m = screenMapping(viewBox(view, chart, element), element);
  return clampView({ ...view, cx: view.cx - dx / m.scale, cy: view.cy - dy / m.scale }, chart, element);
}
