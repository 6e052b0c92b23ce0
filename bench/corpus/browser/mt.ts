/// <reference lib="dom" />
/**
 * MetaTrader 4/5 imitation on a canvas, drawn in image pixels: "Green on Black" (bull bodies in
 * the background colour with a lime outline, bear bodies white), black-on-white, colour and custom
 * schemes; OHLC bars (MT4's default) and candles; "EURUSD,H4" title, right price axis with MT's
 * labels and a highlighted current-price box, dotted grid, optional terminal window around it.
 */
import type { RenderResult, RenderSpec } from '../types';
import { MONTHS, formatPrice, niceStep, pad2, rsi } from './common';
import {
  PriceMap,
  hline,
  makeCanvas,
  drawEmas,
  polyline,
  drawSeries,
  rect,
  text,
  vline,
  type CandleStyle,
} from './canvas-kit';

export function renderMt(spec: RenderSpec): RenderResult {
  const s = spec.dpr;
  const W = Math.round(spec.width * s);
  const H = Math.round(spec.height * s);
  const { ctx } = makeCanvas(W, H);
  const p = spec.palette;
  const mt5 = Boolean(spec.variant.mt5);
  const px = (v: number) => Math.max(1, Math.round(v * s));
  const uiFont = (size: number, bold = false) => `${bold ? 'bold ' : ''}${px(size)}px ${spec.fontFamily}`;
  const tf = spec.tfLabel;
  const title = mt5 ? `${spec.symbol}, ${tf}` : `${spec.symbol},${tf}`;

  // Terminal chrome: window title, menu, toolbars, market watch, chart tabs, status bar.
  let area = { left: 0, top: 0, right: W, bottom: H };
  rect(ctx, 0, 0, W, H, '#f0f0f0');
  if (spec.chrome) {
    const c = spec.chrome;
    const tb = px(30);
    rect(ctx, 0, 0, W, tb, '#ffffff');
    text(
      ctx,
      `51234567: ${spec.feed}-Demo - Demo Account - [${title}]`,
      px(10),
      tb / 2,
      '#000000',
      uiFont(12),
    );
    for (let i = 0; i < 3; i++)
      text(ctx, ['✕', '☐', '—'][i]!, W - px(30) - i * px(46), tb / 2, '#000000', uiFont(12), 'center');
    const menu = px(20);
    text(
      ctx,
      ['File', 'View', 'Insert', 'Charts', 'Tools', 'Window', 'Help'].join('    '),
      px(8),
      tb + menu / 2,
      '#000000',
      uiFont(11),
    );
    let y = tb + menu;
    if (c.topBar) {
      const rows = 2;
      for (let r = 0; r < rows; r++) {
        const ry = y + r * px(26);
        hline(ctx, 0, W, ry, '#d8d8d8');
        for (let i = 0; i < 26; i++) {
          const ix = px(8) + i * px(26) + (i > 8 ? px(10) : 0);
          const col = ['#3c8dde', '#2fa84f', '#e0a030', '#c0392b', '#7f8c8d'][(i + r) % 5]!;
          rect(ctx, ix, ry + px(5), px(16), px(16), col);
          rect(ctx, ix + px(3), ry + px(8), px(10), px(10), '#ffffff');
        }
      }
      y += rows * px(26);
    }
    area = { left: 0, top: y + px(2), right: W, bottom: H };
    const status = px(20);
    area.bottom -= status;
    rect(ctx, 0, H - status, W, status, '#f0f0f0');
    hline(ctx, 0, W, H - status, '#c8c8c8');
    const last = spec.bars.at(-1)!;
    text(
      ctx,
      `For Help, press F1      Default      ${mtTime(last.t, true)}   O: ${formatPrice(last.o, spec.decimals)}   H: ${formatPrice(last.h, spec.decimals)}   L: ${formatPrice(last.l, spec.decimals)}   C: ${formatPrice(last.c, spec.decimals)}   V: ${last.v}`,
      px(6),
      H - status / 2,
      '#000000',
      uiFont(11),
    );
    if (c.bottomBar) {
      const tabs = px(22);
      area.bottom -= tabs;
      rect(ctx, 0, area.bottom, W, tabs, '#f0f0f0');
      const names = [title, mt5 ? 'GBPUSD, H1' : 'GBPUSD,H1', mt5 ? 'XAUUSD, M15' : 'XAUUSD,M15'];
      let tx = px(4);
      names.forEach((n, i) => {
        const wTab = px(90);
        rect(ctx, tx, area.bottom + 1, wTab, tabs - px(3), i === 0 ? '#ffffff' : '#e4e4e4');
        text(ctx, n, tx + wTab / 2, area.bottom + tabs / 2, '#000000', uiFont(11), 'center');
        tx += wTab + px(2);
      });
    }
    if (c.leftToolbar || c.rightPanel) {
      const mw = px(Number(spec.variant.panelW ?? 260) * 0.85);
      rect(ctx, 0, area.top, mw, area.bottom - area.top, '#ffffff');
      text(ctx, `Market Watch: ${mtClock(last.t)}`, px(6), area.top + px(12), '#000000', uiFont(11));
      hline(ctx, 0, mw, area.top + px(24), '#d0d0d0');
      text(ctx, 'Symbol', px(6), area.top + px(36), '#000000', uiFont(11));
      text(ctx, 'Bid', mw * 0.55, area.top + px(36), '#000000', uiFont(11), 'right');
      text(ctx, 'Ask', mw - px(8), area.top + px(36), '#000000', uiFont(11), 'right');
      const syms = [
        'EURUSD',
        'GBPUSD',
        'USDJPY',
        'USDCHF',
        'AUDUSD',
        'USDCAD',
        'XAUUSD',
        'EURJPY',
        'GBPJPY',
        'NZDUSD',
      ];
      syms.forEach((sym, i) => {
        const ry = area.top + px(56) + i * px(18);
        const val = sym === spec.symbol ? last.c : 1 + i * 0.1371;
        const d = sym === spec.symbol ? spec.decimals : 5;
        const col = i % 3 === 0 ? '#0000ff' : i % 3 === 1 ? '#ff0000' : '#000000';
        text(ctx, `◆ ${sym}`, px(6), ry, '#000000', uiFont(11));
        text(ctx, formatPrice(val, d), mw * 0.55, ry, col, uiFont(11), 'right');
        text(ctx, formatPrice(val + 0.00012, d), mw - px(8), ry, col, uiFont(11), 'right');
      });
      vline(ctx, mw, area.top, area.bottom, '#a0a0a0', 'solid', px(3));
      area.left = mw + px(3);
    }
    if (spec.variant.mtWindowTitle) {
      const wt = px(22);
      rect(ctx, area.left, area.top, area.right - area.left, wt, mt5 ? '#ffffff' : '#99b4d1');
      text(ctx, title, area.left + px(8), area.top + wt / 2, '#000000', uiFont(11));
      area.top += wt;
    }
  }

  // Chart window.
  rect(ctx, area.left, area.top, area.right - area.left, area.bottom - area.top, p.bg);
  const font = uiFont(spec.fontSize);
  ctx.font = font;
  const sampleW = Math.max(
    ...[spec.bars.at(-1)!.h, spec.bars.at(-1)!.l].map(
      (v) => ctx.measureText(formatPrice(v, spec.decimals)).width,
    ),
  );
  const axisW = Math.round(sampleW + px(14));
  const timeH = px(spec.fontSize + 8);
  const timeY = area.bottom - timeH;
  // Indicator sub-window (RSI) between the price window and the time axis.
  const subH = spec.clutter.rsiPane ? Math.round((timeY - area.top) * 0.22) : 0;
  const plot = {
    left: area.left + px(2),
    top: area.top + px(2),
    right: area.right - axisW,
    bottom: timeY - subH,
  };
  const fg = p.text;
  // Frame: MT draws the right and bottom edges of the chart in the foreground colour.
  vline(ctx, plot.right, plot.top, plot.bottom + 1, fg);
  hline(ctx, plot.left, plot.right + 1, plot.bottom, fg);

  // Bars on screen: whole-pixel spacing, last bar `rightOffset` bars from the right (chart shift).
  const spacing = Math.max(2, Math.round(spec.barSpacing * s));
  const bodyWidth = spacing <= 3 ? 1 : Math.max(1, Math.round(spacing * 0.62) | 1);
  const lastX = plot.right - 1 - (spec.rightOffset + 1) * spacing;
  const visible: { i: number; cx: number }[] = [];
  spec.bars.forEach((_, i) => {
    const cx = lastX - (spec.bars.length - 1 - i) * spacing;
    if (cx - Math.floor(bodyWidth / 2) >= plot.left) visible.push({ i, cx });
  });
  const shown = visible.map((v) => spec.bars[v.i]!);
  const hi = Math.max(...shown.map((b) => b.h));
  const lo = Math.min(...shown.map((b) => b.l));
  const margin = (hi - lo) * 0.04;
  const plotInnerTop = plot.top + px(4);
  const plotInnerBottom = plot.bottom - px(4);
  const map = new PriceMap(plotInnerTop, plotInnerBottom, hi + margin, lo - margin);

  // Grid and price labels.
  const step = niceStep(map.pMax - map.pMin, Math.max(3, (plot.bottom - plot.top) / px(28)), spec.decimals);
  const ticks: { y: number; price: number }[] = [];
  for (let v = Math.ceil(map.pMin / step) * step; v <= map.pMax; v += step) {
    const y = map.row(v);
    if (y < plot.top + px(4) || y > plot.bottom - px(4)) continue;
    ticks.push({ y, price: Number(v.toFixed(spec.decimals)) });
  }
  const c = spec.clutter;
  const timeLabels = timeLabelPositions(spec, visible, px(110));
  if (c.grid !== 'none') {
    for (const t of ticks) hline(ctx, plot.left, plot.right, t.y, p.grid, 'dotted');
    for (const t of timeLabels) vline(ctx, t.cx, plot.top, plot.bottom, p.grid, 'dotted');
  }
  for (const t of ticks) {
    hline(ctx, plot.right, plot.right + px(4), t.y, fg);
    text(ctx, formatPrice(t.price, spec.decimals), plot.right + px(6), t.y, p.axisText, font);
  }
  for (const t of timeLabels) {
    vline(ctx, t.cx, timeY, timeY + px(4), fg);
    text(ctx, t.label, t.cx + px(3), timeY + timeH / 2 + px(1), p.axisText, font);
  }
  if (c.sessions) {
    // Period separators (MT's "Show period separators"): dashed verticals in the grid colour at
    // the start of each day up to H1, of each week on H4 (MT separates the next period up).
    const period = (t: number) =>
      spec.timeframe === '4h' ? Math.floor((t / 86400 + 3) / 7) : Math.floor(t / 86400);
    for (let k = 1; k < visible.length; k++) {
      const a = spec.bars[visible[k - 1]!.i]!;
      const b = spec.bars[visible[k]!.i]!;
      if (period(a.t) !== period(b.t))
        vline(ctx, visible[k]!.cx - Math.floor(spacing / 2), plot.top, plot.bottom, p.grid, 'dashed');
    }
  }
  if (c.volume) {
    const maxV = Math.max(...shown.map((b) => b.v));
    const vh = (plot.bottom - plot.top) * 0.16;
    for (const v of visible) {
      const hgt = Math.max(1, Math.round((spec.bars[v.i]!.v / maxV) * vh));
      rect(
        ctx,
        v.cx - Math.floor(bodyWidth / 2),
        plot.bottom - hgt,
        bodyWidth,
        hgt,
        spec.theme === 'dark' ? '#32cd32' : '#00a000',
      );
    }
  }
  for (const h of c.hlines) {
    const y = map.row(h.price);
    hline(ctx, plot.left, plot.right, y, h.color, h.dashed ? 'dashed' : 'solid');
    if (h.label)
      text(ctx, h.label, plot.left + px(30), y - px(2), h.color, uiFont(spec.fontSize - 1), 'left', 'bottom');
  }

  const lineWidth = s >= 2 && spec.variant.thinBars === false ? 2 : 1;
  const st: CandleStyle = {
    kind: spec.kind,
    bodyWidth,
    lineWidth,
    upBody: p.upBody,
    downBody: p.downBody,
    upBorder: p.upBorder,
    downBorder: p.downBorder,
    upWick: p.upWick,
    downWick: p.downWick,
    borders: true,
    tick: Math.max(1, Math.floor((spacing - lineWidth) / 2) - (spacing >= 6 ? 1 : 0)),
  };
  const candles = drawSeries(ctx, spec, visible, map, st, plot);
  drawEmas(ctx, spec, visible, map, (w) => Math.max(1, Math.round(w * s * 0.7)), plot);

  if (subH) {
    const top = plot.bottom + px(4);
    vline(ctx, plot.right, top, timeY + 1, fg);
    hline(ctx, plot.left, plot.right + 1, timeY, fg);
    const sub = new PriceMap(top + px(4), timeY - px(4), 100, 0);
    for (const level of [70, 30]) {
      if (c.grid !== 'none') hline(ctx, plot.left, plot.right, sub.row(level), p.grid, 'dotted');
      hline(ctx, plot.right, plot.right + px(4), sub.row(level), fg);
      text(ctx, String(level), plot.right + px(6), sub.row(level), p.axisText, font);
    }
    const vals = rsi(spec.bars);
    const pts = visible.flatMap((v) => {
      const val = vals[v.i];
      return val === null || val === undefined ? [] : [[v.cx, sub.y(val)] as [number, number]];
    });
    polyline(ctx, pts, '#1e90ff', px(1));
    const lastRsi = vals.at(-1);
    text(
      ctx,
      `RSI(14) ${lastRsi === null || lastRsi === undefined ? '' : lastRsi.toFixed(4)}`,
      plot.left + px(4),
      top + px(spec.fontSize / 2 + 3),
      fg,
      font,
    );
  }

  // Current price: bid line and a filled box on the axis.
  const last = spec.bars.at(-1)!;
  if (c.lastPriceLine) {
    const y = map.row(last.c);
    const lineCol = spec.theme === 'dark' ? '#778899' : '#c0c0c0';
    hline(ctx, plot.left, plot.right, y, lineCol);
    const bh = px(spec.fontSize + 4);
    rect(ctx, plot.right + 1, y - Math.floor(bh / 2), axisW - 1, bh, lineCol);
    text(ctx, formatPrice(last.c, spec.decimals), plot.right + px(6), y, '#000000', font);
  }
  for (const h of c.hlines) {
    const y = map.row(h.price);
    const bh = px(spec.fontSize + 4);
    rect(ctx, plot.right + 1, y - Math.floor(bh / 2), axisW - 1, bh, h.color);
    text(ctx, formatPrice(h.price, spec.decimals), plot.right + px(6), y, '#ffffff', font);
  }

  // Title / legend in the top-left corner.
  if (spec.legend !== 'none') {
    const tx = plot.left + px(4);
    const ty = plot.top + px(spec.fontSize / 2 + 4);
    let label: string;
    if (mt5) label = `${title}:  ${String(spec.variant.mtDescription ?? '')}`;
    else
      label =
        spec.legend === 'ohlc'
          ? `${title}  ${[last.o, last.h, last.l, last.c].map((v) => formatPrice(v, spec.decimals)).join(' ')}`
          : title;
    const w = text(ctx, label, tx, ty, fg, font);
    if (mt5 && spec.chrome?.tradeButtons) {
      const by = ty + px(12);
      const bw = px(70);
      rect(ctx, tx, by, bw, px(36), '#e04040');
      rect(ctx, tx + bw + px(40), by, bw, px(36), '#2060e0');
      rect(ctx, tx + bw, by + px(6), px(40), px(22), p.bg === '#000000' ? '#222222' : '#f4f4f4');
      text(ctx, 'SELL', tx + bw / 2, by + px(10), '#ffffff', uiFont(10), 'center');
      text(
        ctx,
        formatPrice(last.c, spec.decimals),
        tx + bw / 2,
        by + px(25),
        '#ffffff',
        uiFont(12, true),
        'center',
      );
      text(ctx, '1.00', tx + bw + px(20), by + px(17), fg, uiFont(11), 'center');
      text(ctx, 'BUY', tx + bw * 1.5 + px(40), by + px(10), '#ffffff', uiFont(10), 'center');
      text(
        ctx,
        formatPrice(last.c + 10 ** -spec.decimals * 15, spec.decimals),
        tx + bw * 1.5 + px(40),
        by + px(25),
        '#ffffff',
        uiFont(12, true),
        'center',
      );
    }
    void w;
  }
  if (c.crosshair) {
    const cx = Math.round(plot.left + (plot.right - plot.left) * c.crosshair.fx);
    const cy = Math.round(plot.top + (plot.bottom - plot.top) * c.crosshair.fy);
    hline(ctx, plot.left, plot.right, cy, fg, 'dotted');
    vline(ctx, cx, plot.top, plot.bottom, fg, 'dotted');
  }

  return {
    plot: { left: plot.left, top: plot.top, right: plot.right - 1, bottom: plot.bottom - 1 },
    scale: { y1: map.top, p1: map.pMax, y2: map.bottom, p2: map.pMin },
    candles,
    ticks,
  };
}

function mtTime(t: number, withYear: boolean): string {
  const d = new Date(t * 1000);
  const date = `${d.getUTCFullYear()}.${pad2(d.getUTCMonth() + 1)}.${pad2(d.getUTCDate())}`;
  return withYear ? `${date} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}` : date;
}

function mtClock(t: number): string {
  const d = new Date(t * 1000 + 187_000);
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}

/** MT's time axis: "12 Mar 2024" then "12 Mar 08:00" every ~minGap px. */
function timeLabelPositions(spec: RenderSpec, visible: { i: number; cx: number }[], minGap: number) {
  const out: { cx: number; label: string }[] = [];
  let lastX = -Infinity;
  for (const v of visible) {
    if (v.cx - lastX < minGap) continue;
    const d = new Date(spec.bars[v.i]!.t * 1000);
    const label =
      out.length === 0
        ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
        : `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
    out.push({ cx: v.cx, label });
    lastX = v.cx;
  }
  return out;
}
