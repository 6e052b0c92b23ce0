/// <reference lib="dom" />
/**
 * TradingView-like chrome around a chart (desktop: top toolbar, drawing toolbar, watchlist,
 * bottom bar; phone: status bar, app header, bottom navigation). Returns the rectangle left
 * for the chart, in CSS px. Geometry is integer so the chart canvas lands on whole pixels.
 */
import type { RenderSpec } from '../types';
import { el, formatPrice } from './common';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

const WATCH = [
  'EURUSD',
  'GBPUSD',
  'USDJPY',
  'XAUUSD',
  'BTCUSD',
  'SPX',
  'AUDUSD',
  'USDCAD',
  'NZDUSD',
  'EURJPY',
];

export function buildTvChrome(spec: RenderSpec, root: HTMLElement): Rect {
  const p = spec.palette;
  const v = spec.variant;
  const font = `${spec.fontFamily}`;
  root.style.cssText = `position:absolute;left:0;top:0;width:${spec.width}px;height:${spec.height}px;background:${p.panel};overflow:hidden;font-family:${font};color:${p.panelText}`;
  const sep = spec.theme === 'dark' ? '#2a2e39' : '#e0e3eb';
  const rect: Rect = { left: 0, top: 0, width: spec.width, height: spec.height };
  if (spec.phone) return buildPhone(spec, root, rect, sep);
  const c = spec.chrome;
  if (!c) return rect;
  const fs = spec.fontSize + 1;
  if (c.topBar) {
    const h = Number(v.topBarH ?? 40);
    const bar = el(
      'div',
      `position:absolute;left:0;top:0;width:${spec.width}px;height:${h - 1}px;border-bottom:1px solid ${sep};display:flex;align-items:center;gap:18px;padding-left:12px;font-size:${fs}px;box-sizing:border-box`,
    );
    bar.append(
      el('b', '', spec.symbol),
      el('span', '', spec.tfLabel),
      el('span', `opacity:.8`, 'ƒx Indicators'),
      el('span', `opacity:.8`, 'Alert'),
      el('span', `opacity:.8`, 'Replay'),
    );
    const right = el(
      'div',
      `position:absolute;right:12px;top:${Math.round(h / 2) - 13}px;height:26px;padding:0 12px;border-radius:4px;background:#2962ff;color:#fff;font-size:${fs}px;line-height:26px`,
      'Publish',
    );
    bar.append(right);
    root.append(bar);
    rect.top += h;
    rect.height -= h;
  }
  if (c.bottomBar) {
    const h = Number(v.bottomBarH ?? 34);
    const bar = el(
      'div',
      `position:absolute;left:0;top:${spec.height - h}px;width:${spec.width}px;height:${h}px;border-top:1px solid ${sep};display:flex;align-items:center;gap:14px;padding-left:${c.leftToolbar ? 60 : 10}px;font-size:${fs - 1}px;box-sizing:border-box`,
    );
    for (const t of ['1D', '5D', '1M', '3M', '6M', 'YTD', '1Y', '5Y', 'All']) bar.append(el('span', '', t));
    bar.append(el('span', 'margin-left:auto;margin-right:14px', '14:32:07 (UTC)   %   log   auto'));
    root.append(bar);
    rect.height -= h;
  }
  if (c.rightPanel) {
    const strip = 44;
    const w = Number(v.panelW ?? 280);
    const icons = el(
      'div',
      `position:absolute;top:${rect.top}px;left:${spec.width - strip}px;width:${strip}px;height:${rect.height}px;border-left:1px solid ${sep};box-sizing:border-box`,
    );
    for (let i = 0; i < 8; i++)
      icons.append(
        el(
          'div',
          `margin:12px auto;width:20px;height:20px;border:2px solid ${p.panelText};opacity:.55;border-radius:${i % 2 ? 4 : 10}px`,
        ),
      );
    const panel = el(
      'div',
      `position:absolute;top:${rect.top}px;left:${spec.width - strip - w}px;width:${w}px;height:${rect.height}px;border-left:4px solid ${sep};box-sizing:border-box;font-size:${fs - 1}px;padding:8px 10px`,
    );
    panel.append(el('div', `font-weight:bold;margin-bottom:10px;font-size:${fs}px`, 'Watchlist'));
    const head = el('div', 'display:flex;opacity:.6;margin-bottom:6px');
    head.append(
      el('span', 'flex:1', 'Symbol'),
      el('span', 'width:70px;text-align:right', 'Last'),
      el('span', 'width:60px;text-align:right', 'Chg%'),
    );
    panel.append(head);
    WATCH.forEach((s, i) => {
      const row = el('div', 'display:flex;padding:5px 0');
      const chg = (((i * 37) % 23) - 11) / 10;
      const last =
        s === spec.symbol ? formatPrice(spec.bars.at(-1)?.c ?? 0, spec.decimals) : (1 + i * 0.113).toFixed(4);
      row.append(
        el('span', 'flex:1', s),
        el('span', 'width:70px;text-align:right', last),
        el(
          'span',
          `width:60px;text-align:right;color:${chg >= 0 ? p.upBorder : p.downBorder}`,
          `${chg >= 0 ? '+' : ''}${chg.toFixed(2)}%`,
        ),
      );
      panel.append(row);
    });
    root.append(panel, icons);
    rect.width -= strip + w;
  }
  if (c.leftToolbar) {
    const w = Number(v.leftToolbarW ?? 52);
    const bar = el(
      'div',
      `position:absolute;left:0;top:${rect.top}px;width:${w}px;height:${rect.height}px;border-right:4px solid ${sep};box-sizing:border-box`,
    );
    for (let i = 0; i < 11; i++) {
      const icon = el(
        'div',
        `margin:14px auto;width:18px;height:18px;opacity:.7;border:1.5px solid ${p.panelText};border-radius:${i % 3 === 0 ? 9 : 2}px;transform:rotate(${i % 4 === 1 ? 45 : 0}deg)`,
      );
      bar.append(icon);
    }
    root.append(bar);
    rect.left += w;
    rect.width -= w;
  }
  return rect;
}

function buildPhone(spec: RenderSpec, root: HTMLElement, rect: Rect, sep: string): Rect {
  const p = spec.palette;
  const status = 47;
  const header = 52;
  const bottom = Number(spec.variant.phoneBottomH ?? 64);
  const sb = el(
    'div',
    `position:absolute;left:0;top:0;width:${spec.width}px;height:${status}px;display:flex;align-items:center;justify-content:space-between;padding:0 28px;box-sizing:border-box;font-weight:600;font-size:16px`,
  );
  sb.append(el('span', '', '9:41'), el('span', 'letter-spacing:2px;font-size:12px', '▂▄▆ ◔ ▭'));
  const hd = el(
    'div',
    `position:absolute;left:0;top:${status}px;width:${spec.width}px;height:${header}px;display:flex;align-items:center;gap:12px;padding:0 14px;box-sizing:border-box;border-bottom:1px solid ${sep};font-size:17px`,
  );
  hd.append(
    el('span', 'font-size:22px', '‹'),
    el('b', '', spec.symbol),
    el('span', 'opacity:.7;font-size:15px', spec.tfLabel),
    el('span', 'margin-left:auto;opacity:.7', '⚲  ✎  ⋯'),
  );
  const bt = el(
    'div',
    `position:absolute;left:0;top:${spec.height - bottom}px;width:${spec.width}px;height:${bottom}px;border-top:1px solid ${sep};display:flex;justify-content:space-around;align-items:flex-start;padding-top:10px;box-sizing:border-box;font-size:11px;background:${p.panel}`,
  );
  for (const t of ['Watchlist', 'Chart', 'Explore', 'Ideas', 'Menu'])
    bt.append(el('span', t === 'Chart' ? 'color:#2962ff' : 'opacity:.7', t));
  root.append(sb, hd, bt);
  rect.top = status + header;
  rect.height = spec.height - status - header - bottom;
  return rect;
}
