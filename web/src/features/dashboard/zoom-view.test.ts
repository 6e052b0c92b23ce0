import { initialView, panBy, toChart, viewBox, zoomAt, ZOOM_MAX } from './zoom-view';

const chart = { width: 1600, height: 900 };
const screen = { width: 800, height: 450 };

describe('zoom view of the full-screen chart', () => {
  it('shows the whole chart at zoom 1 and cannot pan it', () => {
    const view = initialView(chart);
    expect(viewBox(view, chart)).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
    expect(panBy(view, chart, screen, 100, 50)).toEqual(view);
  });

  it('keeps the point under the cursor in place while zooming', () => {
    const view = zoomAt(initialView(chart), chart, screen, 2, 600, 100);
    expect(view.zoom).toBe(2);
    const under = toChart(view, chart, screen, 600, 100);
    expect(under.x).toBeCloseTo(1200, 6);
    expect(under.y).toBeCloseTo(200, 6);
  });

  it('stays between zoom 1 and ZOOM_MAX and inside the chart', () => {
    let view = initialView(chart);
    for (let i = 0; i < 40; i++) view = zoomAt(view, chart, screen, 1.25, 790, 440);
    expect(view.zoom).toBe(ZOOM_MAX);
    const box = viewBox(view, chart);
    expect(box.x + box.width).toBeLessThanOrEqual(1600 + 1e-9);
    expect(box.y + box.height).toBeLessThanOrEqual(900 + 1e-9);
    for (let i = 0; i < 40; i++) view = zoomAt(view, chart, screen, 0.8, 10, 10);
    expect(view.zoom).toBe(1);
    expect(viewBox(view, chart)).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
  });

  it('pans with the drag, in screen pixels, and stops at the edges', () => {
    const zoomed = zoomAt(initialView(chart), chart, screen, 4, 400, 225);
    const moved = panBy(zoomed, chart, screen, -100, 0);
    // 4x on an 800 px element showing 1600 units: 2 px per unit, so 100 px is 50 units.
    expect(moved.cx - zoomed.cx).toBeCloseTo(50, 6);
    const far = panBy(zoomed, chart, screen, -100_000, -100_000);
    const box = viewBox(far, chart);
    expect(box.x + box.width).toBeCloseTo(1600, 6);
    expect(box.y + box.height).toBeCloseTo(900, 6);
  });

  it('fills an upright phone screen once zoomed instead of keeping a 16:9 strip', () => {
    const phone = { width: 390, height: 700 };
    expect(viewBox(initialView(chart), chart, phone).height).toBe(900);
    const zoomed = zoomAt(initialView(chart), chart, phone, 4, 195, 350);
    const box = viewBox(zoomed, chart, phone);
    expect(box.width).toBe(400);
    expect(box.height).toBeCloseTo(400 * (700 / 390), 6);
    // The point under the finger stays under it.
    const under = toChart(zoomed, chart, phone, 195, 350);
    const start = toChart(initialView(chart), chart, phone, 195, 350);
    expect(under.x).toBeCloseTo(start.x, 6);
    expect(under.y).toBeCloseTo(start.y, 6);
  });
});
