/// <reference lib="dom" />
/**
 * A generic broker web/mobile platform look on a canvas, drawn in image pixels: gradient
 * background, thin borderless candles at fractional spacing (rounded per candle, as many JS
 * chart libraries do), axis labels plain or boxed on either side, pill-shaped price badges,
 * different fonts and paddings, header with symbol, timeframe chips and big SELL/BUY buttons.
 */
import type { RenderResult, RenderSpec } from '../types';
import { MONTHS, alpha, formatPrice, niceStep, pad2 } from './common';
import {
  PriceMap,
  hline,
  makeCanvas,
  drawEmas,
  drawSeries,
  rect,
  roundRect,
  text,
  vline,
  type CandleStyle,
} from './canvas-kit';

const BRANDS = ['TradeNova', 'FXPrime', 'Quantix', 'BlueOcean FX', 'Apex Markets', 'Meridian'];

export function renderBroker(spec: RenderSpec): RenderResult {
  const s = spec.dpr;
  const W = Math.round(spec.width * s);
  const H = Math.round(spec.height * s);
  const { ctx } = makeCanvas(W, H);
  const p = spec.palette;
  const dark = spec.theme === 'dark';
  const px = (v: number) => Math.max(1, Math.round(v * s));
  const f = (size: number, weight = '') => `${weight} ${px(size)}px ${spec.fontFamily}`.trim();
  const last = spec.bars.at(-1)!;
  const prev = spec.bars.at(-2) ?? last;
  const chg = ((last.c - prev.c) / prev.c) * 100;
  const brand = BRANDS[Number(spec.variant.brokerLayout ?? 0) + (spec.symbol.length % 3)]!;
  const tfChips = ['1m', '5m', '15m', '30m', '1H', '4H', '1D'];
  const tfIndex = { '5m': 1, '15m': 2, '4h': 5 }[spec.timeframe];
  const up = p.upBorder;
  const down = p.downBorder;

  rect(ctx, 0, 0, W, H, p.panel);
  let area = { left: 0, top: 0, right: W, bottom: H };
  if (spec.phone) {
    const status = px(46);
    text(ctx, '9:41', px(30), status / 2, p.panelText, f(15, 'bold'));
    text(ctx, '●●●  ◒  ▮', W - px(24), status / 2, p.panelText, f(11), 'right');
    const head = px(54);
    text(ctx, '‹', px(16), status + head / 2, p.panelText, f(26));
    text(ctx, spec.legendSymbol, W / 2, status + px(18), p.panelText, f(17, 'bold'), 'center');
    text(
      ctx,
      String(spec.variant.mtDescription ?? ''),
      W / 2,
      status + px(38),
      alpha(p.panelText, 0.6),
      f(11),
      'center',
    );
    text(ctx, '☆', W - px(20), status + head / 2, p.panelText, f(20), 'right');
    const priceRow = px(44);
    const py = status + head;
    text(ctx, formatPrice(last.c, spec.decimals), px(16), py + priceRow / 2, p.panelText, f(24, 'bold'));
    text(
      ctx,
      `${chg >= 0 ? '+' : ''}${chg.toFixed(2)}%`,
      W - px(16),
      py + priceRow / 2,
      chg >= 0 ? up : down,
      f(15),
      'right',
    );
    const chips = px(40);
    const cy = py + priceRow;
    const cw = (W - px(24)) / tfChips.length;
    tfChips.forEach((label, i) => {
      const x = px(12) + i * cw;
      if (i === tfIndex)
        roundRect(ctx, x + px(2), cy + px(6), cw - px(4), chips - px(12), px(14), alpha(up, 0.18));
      text(
        ctx,
        i === tfIndex ? spec.tfLabel : label,
        x + cw / 2,
        cy + chips / 2,
        i === tfIndex ? up : alpha(p.panelText, 0.7),
        f(13, i === tfIndex ? 'bold' : ''),
        'center',
      );
    });
    const bottom = px(Number(spec.variant.phoneBottomH ?? 70) + 16);
    const by = H - bottom;
    roundRect(ctx, px(12), by + px(8), W / 2 - px(18), bottom - px(30), px(12), down);
    roundRect(ctx, W / 2 + px(6), by + px(8), W / 2 - px(18), bottom - px(30), px(12), up);
    text(
      ctx,
      `SELL ${formatPrice(last.c, spec.decimals)}`,
      W / 4,
      by + px(8) + (bottom - px(30)) / 2,
      '#ffffff',
      f(15, 'bold'),
      'center',
    );
    text(
      ctx,
      `BUY ${formatPrice(last.c + 10 ** -spec.decimals * 8, spec.decimals)}`,
      (W * 3) / 4,
      by + px(8) + (bottom - px(30)) / 2,
      '#ffffff',
      f(15, 'bold'),
      'center',
    );
    area = { left: 0, top: cy + chips, right: W, bottom: by };
  } else if (spec.chrome) {
    const c = spec.chrome;
    const head = px(56);
    rect(ctx, 0, 0, W, head, dark ? '#0a0e17' : '#ffffff');
    hline(ctx, 0, W, head - 1, alpha(p.panelText, 0.12));
    text(ctx, `◆ ${brand}`, px(20), head / 2, up, f(18, 'bold'));
    const sx = px(230);
    text(ctx, spec.legendSymbol, sx, head / 2 - px(8), p.panelText, f(16, 'bold'));
    text(
      ctx,
      String(spec.variant.mtDescription ?? ''),
      sx,
      head / 2 + px(11),
      alpha(p.panelText, 0.6),
      f(11),
    );
    text(ctx, formatPrice(last.c, spec.decimals), sx + px(260), head / 2, p.panelText, f(18, 'bold'));
    text(
      ctx,
      `${chg >= 0 ? '▲' : '▼'} ${Math.abs(chg).toFixed(2)}%`,
      sx + px(370),
      head / 2,
      chg >= 0 ? up : down,
      f(13),
    );
    if (c.tradeButtons || c.topBar) {
      const bw = px(130);
      roundRect(ctx, W - 2 * bw - px(30), px(9), bw, head - px(18), px(6), down);
      roundRect(ctx, W - bw - px(20), px(9), bw, head - px(18), px(6), up);
      text(
        ctx,
        `SELL ${formatPrice(last.c, spec.decimals)}`,
        W - 1.5 * bw - px(30),
        head / 2,
        '#ffffff',
        f(13, 'bold'),
        'center',
      );
      text(
        ctx,
        `BUY ${formatPrice(last.c + 10 ** -spec.decimals * 8, spec.decimals)}`,
        W - 0.5 * bw - px(20),
        head / 2,
        '#ffffff',
        f(13, 'bold'),
        'center',
      );
    }
    area.top = head;
    if (c.leftToolbar) {
      const lw = px(220);
      rect(ctx, 0, head, lw, H - head, dark ? '#0d121c' : '#fafbfc');
      text(ctx, 'Markets', px(16), head + px(22), p.panelText, f(14, 'bold'));
      ['EUR/USD', 'GBP/USD', 'USD/JPY', 'XAU/USD', 'BTC/USD', 'US500', 'GER40', 'AUD/USD'].forEach((n, i) => {
        const y = head + px(56) + i * px(34);
        text(ctx, n, px(16), y, p.panelText, f(13));
        text(
          ctx,
          `${i % 3 ? '+' : '−'}0.${(i * 7) % 10}${i}%`,
          lw - px(14),
          y,
          i % 3 ? up : down,
          f(12),
          'right',
        );
      });
      area.left = lw;
    }
    if (c.bottomBar) {
      const bh = px(150);
      area.bottom = H - bh;
      rect(ctx, area.left, area.bottom, W - area.left, bh, dark ? '#0d121c' : '#fafbfc');
      text(
        ctx,
        'Positions (0)      Orders (0)      History',
        area.left + px(16),
        area.bottom + px(22),
        p.panelText,
        f(13, 'bold'),
      );
      hline(ctx, area.left, W, area.bottom + px(40), alpha(p.panelText, 0.1));
      text(
        ctx,
        'You have no open positions',
        area.left + px(16),
        area.bottom + px(80),
        alpha(p.panelText, 0.5),
        f(13),
      );
    }
    // Timeframe chips row above the chart.
    const row = px(40);
    const ry = area.top;
    let x = area.left + px(16);
    tfChips.forEach((label, i) => {
      ctx.font = f(13);
      const w = ctx.measureText(i === tfIndex ? spec.tfLabel : label).width + px(18);
      if (i === tfIndex) roundRect(ctx, x, ry + px(8), w, row - px(16), px(5), alpha(up, 0.2));
      text(
        ctx,
        i === tfIndex ? spec.tfLabel : label,
        x + w / 2,
        ry + row / 2,
        i === tfIndex ? up : alpha(p.panelText, 0.75),
        f(13),
        'center',
      );
      x += w + px(6);
    });
    text(ctx, 'Indicators   ▾      Candles ▾', x + px(20), ry + row / 2, alpha(p.panelText, 0.75), f(13));
    area.top += row;
  }

  // Chart card: inset, rounded, gradient background.
  const inset = spec.phone || spec.chrome ? px(Number(spec.variant.brokerLayout) === 1 ? 10 : 4) : 0;
  const card = {
    left: area.left + inset,
    top: area.top + inset,
    right: area.right - inset,
    bottom: area.bottom - inset,
  };
  const grad = ctx.createLinearGradient(0, card.top, 0, card.bottom);
  grad.addColorStop(0, p.bg);
  grad.addColorStop(1, spec.variant.brokerGradient ? p.bg2 : p.bg);
  ctx.fillStyle = grad;
  ctx.beginPath();
  ctx.roundRect(card.left, card.top, card.right - card.left, card.bottom - card.top, inset ? px(8) : 0);
  ctx.fill();

  const axisFont = f(spec.fontSize);
  ctx.font = axisFont;
  const labelW = ctx.measureText(formatPrice(last.h * 1.01, spec.decimals)).width;
  const boxed = Boolean(spec.variant.brokerAxisBoxes);
  const axisW = Math.round(labelW + px(boxed ? 22 : 16));
  const timeH = px(spec.fontSize + 14);
  const padTop = px(spec.legend === 'none' ? 12 : 36);
  const left = spec.axisSide === 'left';
  const plot = {
    left: card.left + (left ? axisW : px(6)),
    top: card.top + padTop,
    right: card.right - (left ? px(6) : axisW),
    bottom: card.bottom - timeH,
  };

  // Fractional spacing, each centre rounded to a pixel.
  const spacing = Math.max(2, spec.barSpacing * s);
  const bodyWidth = Math.max(1, Math.round(spacing * Number(spec.variant.brokerBodyRatio ?? 0.6)));
  const lastPos = plot.right - px(4) - (spec.rightOffset + 0.5) * spacing;
  const visible: { i: number; cx: number }[] = [];
  spec.bars.forEach((_, i) => {
    const cx = Math.round(lastPos - (spec.bars.length - 1 - i) * spacing);
    if (cx - Math.floor(bodyWidth / 2) >= plot.left) visible.push({ i, cx });
  });
  const shown = visible.map((v) => spec.bars[v.i]!);
  const hi = Math.max(...shown.map((b) => b.h));
  const lo = Math.min(...shown.map((b) => b.l));
  const c = spec.clutter;
  const volH = c.volume ? (plot.bottom - plot.top) * 0.18 : 0;
  const map = new PriceMap(plot.top + px(10), plot.bottom - px(10) - volH * 0.5, hi, lo);

  const step = niceStep(hi - lo, Math.max(3, (plot.bottom - plot.top) / px(46)), spec.decimals);
  const ticks: { y: number; price: number }[] = [];
  for (let k = Math.ceil((lo - (hi - lo)) / step); k * step <= hi + (hi - lo); k++) {
    const v = k * step;
    const y = map.row(v);
    if (y < plot.top + px(6) || y > plot.bottom - px(6)) continue;
    ticks.push({ y, price: Number(v.toFixed(spec.decimals)) });
  }
  const gridCol = p.grid;
  if (c.grid === 'both' || c.grid === 'horz')
    for (const t of ticks) hline(ctx, plot.left, plot.right, t.y, gridCol, c.gridDotted ? 'dashed' : 'solid');
  const timeMarks = timeLabels(spec, visible, px(120));
  if (c.grid === 'both' || c.grid === 'vert')
    for (const t of timeMarks)
      vline(ctx, t.cx, plot.top, plot.bottom, gridCol, c.gridDotted ? 'dashed' : 'solid');
  if (c.sessions) {
    const sess = c.sessions;
    for (const v of visible) {
      const hour = new Date(spec.bars[v.i]!.t * 1000).getUTCHours();
      const inside =
        sess.from < sess.to ? hour >= sess.from && hour < sess.to : hour >= sess.from || hour < sess.to;
      if (inside) {
        ctx.fillStyle = sess.color;
        ctx.fillRect(
          Math.round(v.cx - spacing / 2),
          plot.top,
          Math.max(1, Math.round(spacing)),
          plot.bottom - plot.top,
        );
      }
    }
  }
  if (c.watermark) {
    text(
      ctx,
      `${spec.legendSymbol} · ${spec.tfLabel}`,
      (plot.left + plot.right) / 2,
      (plot.top + plot.bottom) / 2,
      alpha(p.text, 0.07),
      f(Math.min(90, spec.width / 9), 'bold'),
      'center',
    );
  }
  const axisX = left ? card.left + px(6) : plot.right + px(boxed ? 8 : 8);
  for (const t of ticks) {
    const label = formatPrice(t.price, spec.decimals);
    if (boxed)
      roundRect(
        ctx,
        axisX - px(4),
        t.y - px(spec.fontSize / 2 + 3),
        labelW + px(8),
        px(spec.fontSize + 6),
        px(3),
        alpha(p.text, 0.08),
      );
    text(ctx, label, axisX, t.y, p.axisText, axisFont);
  }
  for (const t of timeMarks)
    text(ctx, t.label, t.cx, plot.bottom + timeH / 2, p.axisText, axisFont, 'center');
  if (c.volume) {
    const maxV = Math.max(...shown.map((b) => b.v));
    for (const v of visible) {
      const b = spec.bars[v.i]!;
      const h = Math.max(1, Math.round((b.v / maxV) * volH));
      rect(
        ctx,
        v.cx - Math.floor(bodyWidth / 2),
        plot.bottom - h,
        bodyWidth,
        h,
        alpha(b.c >= b.o ? up : down, 0.3),
      );
    }
  }
  for (const h of c.hlines) {
    const y = map.row(h.price);
    hline(ctx, plot.left, plot.right, y, h.color, h.dashed ? 'dashed' : 'solid', px(1));
    if (h.label)
      text(
        ctx,
        h.label,
        left ? plot.right - px(6) : plot.left + px(8),
        y - px(3),
        h.color,
        f(spec.fontSize - 1),
        left ? 'right' : 'left',
        'bottom',
      );
  }

  const st: CandleStyle = {
    kind: spec.kind,
    bodyWidth,
    lineWidth: spec.kind === 'bars' ? px(1.2) : 1,
    upBody: spec.kind === 'hollow' ? 'rgba(0,0,0,0)' : p.upBody,
    downBody: p.downBody,
    upBorder: up,
    downBorder: down,
    upWick: p.upWick,
    downWick: p.downWick,
    borders: spec.kind === 'hollow',
    tick: Math.max(1, Math.round(spacing * 0.3)),
  };
  const candles = drawSeries(ctx, spec, visible, map, st, plot);
  drawEmas(ctx, spec, visible, map, (w) => w * s, plot);
  const pill = (price: number, color: string, label: string) => {
    const y = map.row(price);
    const h = px(spec.fontSize + 8);
    ctx.font = axisFont;
    const w = ctx.measureText(label).width + px(12);
    const x = left ? card.left + px(2) : plot.right + px(2);
    roundRect(ctx, x, y - h / 2, w, h, h / 2, color);
    text(ctx, label, x + px(6), y, '#ffffff', axisFont);
  };
  for (const h of c.hlines) pill(h.price, h.color, formatPrice(h.price, spec.decimals));
  if (c.lastPriceLine) {
    const col = last.c >= last.o ? up : down;
    hline(ctx, plot.left, plot.right, map.row(last.c), col, 'dashed');
    pill(last.c, col, formatPrice(last.c, spec.decimals));
  }
  if (spec.legend !== 'none') {
    let x = plot.left + px(10);
    const y = card.top + px(18);
    x +=
      text(ctx, `${spec.legendSymbol} · ${spec.tfLabel}`, x, y, p.text, f(spec.fontSize + 1, 'bold')) +
      px(14);
    if (spec.legend === 'ohlc')
      for (const [k, v] of [
        ['O', last.o],
        ['H', last.h],
        ['L', last.l],
        ['C', last.c],
      ] as const) {
        x += text(ctx, `${k} `, x, y, alpha(p.text, 0.6), f(spec.fontSize));
        x +=
          text(ctx, formatPrice(v, spec.decimals), x, y, last.c >= last.o ? up : down, f(spec.fontSize)) +
          px(10);
      }
  }
  if (c.crosshair) {
    const cx = Math.round(plot.left + (plot.right - plot.left) * c.crosshair.fx);
    const cy = Math.round(plot.top + (plot.bottom - plot.top) * c.crosshair.fy);
    hline(ctx, plot.left, plot.right, cy, alpha(p.text, 0.5), 'dashed');
    vline(ctx, cx, plot.top, plot.bottom, alpha(p.text, 0.5), 'dashed');
    const price = map.pMax - ((cy - map.top) / (map.bottom - map.top)) * (map.pMax - map.pMin);
    pill(price, dark ? '#363a45' : '#131722', formatPrice(price, spec.decimals));
  }

  return {
    plot: { left: plot.left, top: plot.top, right: plot.right - 1, bottom: plot.bottom - 1 },
    scale: { y1: map.top, p1: map.pMax, y2: map.bottom, p2: map.pMin },
    candles,
    ticks,
  };
}

function timeLabels(spec: RenderSpec, visible: { i: number; cx: number }[], minGap: number) {
  const out: { cx: number; label: string }[] = [];
  let lastX = -Infinity;
  let lastDay = -1;
  for (const v of visible) {
    if (v.cx - lastX < minGap) continue;
    const d = new Date(spec.bars[v.i]!.t * 1000);
    const day = Math.floor(spec.bars[v.i]!.t / 86400);
    const label =
      day !== lastDay || spec.timeframe === '4h'
        ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`
        : `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
    out.push({ cx: v.cx, label });
    lastX = v.cx;
    lastDay = day;
  }
  return out;
}
