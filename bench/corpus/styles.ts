/**
 * Picks the look of a chart set (renderer, theme, palette, size, dpr, chrome, clutter) from a
 * seeded RNG and builds the render spec of each of its three charts.
 */
import type { CaptureKind } from './capture';
import { INSTRUMENTS, instrument, type Instrument } from './instruments';
import type { CorpusTimeframe, SeriesBar } from './market-data';
import { hsl, type Rng } from './rng';
import type { ChartKind, Chrome, Clutter, HLine, Palette, RenderSpec, RendererName, SetStyle } from './types';

export interface StyleOverrides {
  renderer?: RendererName;
  theme?: 'dark' | 'light';
  kind?: ChartKind;
  dpr?: number;
  size?: [number, number];
  format?: 'png' | 'jpeg';
  chrome?: boolean;
  phone?: boolean;
  dense?: boolean;
  busy?: boolean;
  axis?: 'left' | 'right';
  data?: 'synthetic' | 'real';
  palette?: string;
  symbol?: string;
  legend?: RenderSpec['legend'];
  capture?: CaptureKind;
  rsiPane?: boolean;
}

export interface SetPlan {
  style: SetStyle;
  inst: Instrument;
  /** Builds the spec of one chart of the set (bars: the whole generated series for that timeframe). */
  spec(tf: CorpusTimeframe, bars: readonly SeriesBar[], rng: Rng): RenderSpec;
}

const DESKTOP: readonly [number, number, number][] = [
  [1280, 720, 1],
  [1366, 768, 1],
  [1440, 900, 1],
  [1600, 900, 1],
  [1920, 1080, 1],
  [2560, 1440, 1],
  [1440, 900, 2], // MacBook Retina
  [1280, 720, 2],
  [1536, 864, 1.25], // 1920x1080 at Windows 125 %
  [1280, 720, 1.5],
];
const PHONES: readonly [number, number, number][] = [
  [390, 844, 3], // iPhone 12-14
  [393, 852, 3],
  [412, 915, 2.625], // Pixel
  [360, 800, 3],
];

const FONTS = {
  lwc: [
    "-apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif",
    'Liberation Sans',
    'DejaVu Sans',
  ],
  mt: ['Tahoma, Verdana, DejaVu Sans', 'Liberation Sans', 'DejaVu Sans Condensed, DejaVu Sans'],
  broker: [
    'Liberation Sans',
    'DejaVu Sans',
    'DejaVu Serif',
    'Liberation Mono',
    'DejaVu Sans Condensed, DejaVu Sans',
  ],
  // ECharts' own default is plain 'sans-serif'; Chinese platforms list YaHei first.
  echarts: ['sans-serif', "'Microsoft YaHei', sans-serif", 'Arial, Helvetica, sans-serif', 'DejaVu Sans'],
} as const;

export function planSet(
  rng: Rng,
  renderers: readonly RendererName[],
  o: StyleOverrides,
  realAvailable: boolean,
): SetPlan {
  const renderer =
    o.renderer ??
    pickWeighted(rng, renderers, {
      lwc: 0.45,
      mt: 0.3,
      broker: 0.25,
      echarts: 0.25,
    });
  const phone = o.phone ?? (renderer !== 'mt' && rng.chance(0.15));
  const [w, h, dpr] = o.size
    ? [o.size[0], o.size[1], o.dpr ?? 1]
    : (() => {
        const s = rng.pick(phone ? PHONES : DESKTOP);
        return [s[0], s[1], o.dpr ?? s[2]] as const;
      })();
  const theme = o.theme ?? (rng.chance(0.55) ? 'dark' : 'light');
  const data = o.data ?? (realAvailable && rng.chance(0.2) ? 'real' : 'synthetic');
  const inst = data === 'real' ? instrument('EURUSD') : instrument(o.symbol ?? rng.pick(INSTRUMENTS).symbol);
  const format = o.format ?? (rng.chance(0.3) ? 'jpeg' : 'png');
  const quality = format === 'jpeg' ? rng.int(60, 90) : undefined;
  const dense = o.dense ?? rng.chance(0.2);
  const busy = o.busy ?? rng.chance(0.5);
  // ECharts users put the value axis on either side (its default is the left).
  const axis =
    o.axis ?? (rng.chance(renderer === 'mt' ? 0 : renderer === 'echarts' ? 0.5 : 0.15) ? 'left' : 'right');
  const chromeOn = o.chrome ?? (phone || rng.chance(renderer === 'lwc' ? 0.6 : 0.5));
  const kind = o.kind ?? pickKind(rng, renderer);
  const { palette, name: paletteName } = pickPalette(rng, renderer, theme, kind, o.palette);
  const fontFamily = rng.pick(FONTS[renderer]);
  const fontSize = renderer === 'mt' ? rng.pick([10, 11, 11, 12]) : rng.pick([11, 12, 12, 13]);
  const chrome: Chrome | null = chromeOn
    ? {
        topBar: phone || rng.chance(0.9),
        leftToolbar: !phone && rng.chance(0.7),
        rightPanel: !phone && w >= 1280 && rng.chance(0.5),
        bottomBar: !phone && rng.chance(0.5),
        tradeButtons: rng.chance(0.3),
      }
    : null;
  const legend: RenderSpec['legend'] =
    o.legend ?? (rng.chance(chromeOn ? 0.85 : 0.65) ? 'ohlc' : rng.chance(0.6) ? 'symbol' : 'none');
  const useDescription = rng.chance(0.35);
  const feed = rng.pick(inst.feeds);
  const variant: RenderSpec['variant'] = {
    topBarH: rng.int(38, 48),
    leftToolbarW: rng.int(44, 56),
    panelW: rng.int(240, 320),
    bottomBarH: rng.int(30, 38),
    phoneBottomH: rng.int(56, 84),
    attribution: rng.chance(0.15),
    thinBars: rng.chance(0.5),
    emaBadges: rng.chance(0.4),
    timeVisible4h: rng.chance(0.3),
    mt5: rng.chance(0.45),
    mtWindowTitle: rng.chance(0.5),
    tf4hStyle: rng.int(0, 2),
    brokerLayout: rng.int(0, 2),
    brokerAxisBoxes: rng.chance(0.5),
    brokerGradient: rng.chance(0.5),
    brokerBodyRatio: rng.range(0.45, 0.8),
  };
  // Knobs only the ECharts look reads, from their own stream so other renderers' draws are unchanged.
  if (renderer === 'echarts') Object.assign(variant, echartsVariant(rng.fork('echarts'), phone, busy));
  const clutterRng = rng.fork('clutter');
  const picked = pickClutter(clutterRng, busy, theme, renderer);
  const baseClutter = o.rsiPane === undefined ? picked : { ...picked, rsiPane: o.rsiPane };
  const spacingBase = dense ? rng.range(1.6, 3.6) : rng.range(4.5, 14);
  const rightOffset = rng.int(renderer === 'mt' ? 4 : 0, 12);
  const style: SetStyle = {
    renderer,
    theme,
    chrome: chromeOn,
    w,
    h,
    dpr,
    format,
    busy,
    kind,
    axis,
    phone,
    dense,
    palette: paletteName,
    data,
    ...(quality !== undefined ? { quality } : {}),
    ...(renderer === 'mt' ? { variant: variant.mt5 ? 'mt5' : 'mt4' } : {}),
    ...(renderer === 'echarts' ? { variant: echartsStyleKey(variant) } : {}),
  };
  return {
    style,
    inst,
    spec(tf, allBars, tfRng) {
      const approxPlotW = w - (chrome?.leftToolbar ? 56 : 0) - (chrome?.rightPanel ? 370 : 0) - 70;
      // Dense means 200-450 candles on screen, not thousands on a wide monitor.
      const spacing = Math.max(phone ? spacingBase * 0.7 : spacingBase, dense ? approxPlotW / 450 : 0);
      const visible = Math.ceil(approxPlotW / spacing) + 2;
      // Generous history: renderers differ in plot width, and EMAs need a run-in.
      const bars = allBars.slice(-Math.min(allBars.length, visible * 2 + 100));
      const shown = bars.slice(-Math.max(2, visible - rightOffset));
      const label = tfLabel(renderer, tf, Number(variant.tf4hStyle));
      const clutter: Clutter = {
        ...baseClutter,
        hlines: pickHlines(tfRng, baseClutter.hlines.length, shown, inst.decimals),
        watermark: baseClutter.watermark ? `${inst.symbol}, ${label}` : null,
      };
      return {
        renderer,
        width: w,
        height: h,
        dpr,
        theme,
        kind,
        symbol: inst.symbol,
        legendSymbol:
          renderer === 'broker'
            ? inst.slashed
            : renderer === 'echarts'
              ? useDescription
                ? inst.slashed
                : inst.symbol
              : useDescription
                ? inst.tvDescription
                : inst.symbol,
        tfLabel: label,
        feed,
        timeframe: tf,
        decimals: inst.decimals,
        bars,
        palette,
        axisSide: axis,
        fontFamily,
        fontSize,
        barSpacing: Math.round(spacing * 100) / 100,
        rightOffset,
        legend,
        chrome,
        phone,
        clutter,
        variant: { ...variant, mtDescription: inst.mtDescription },
      };
    },
  };
}

function pickWeighted<T extends string>(rng: Rng, items: readonly T[], weights: Record<string, number>): T {
  const total = items.reduce((s, i) => s + (weights[i] ?? 1), 0);
  let r = rng.next() * total;
  for (const i of items) {
    r -= weights[i] ?? 1;
    if (r <= 0) return i;
  }
  return items[items.length - 1]!;
}

function pickKind(rng: Rng, renderer: RendererName): ChartKind {
  const r = rng.next();
  if (renderer === 'mt') return r < 0.4 ? 'bars' : 'candles';
  if (renderer === 'broker') return r < 0.15 ? 'bars' : r < 0.25 ? 'hollow' : 'candles';
  // ECharts has no OHLC-bar series: bars are its documented custom-series recipe, so rarer.
  if (renderer === 'echarts') return r < 0.12 ? 'bars' : r < 0.22 ? 'hollow' : 'candles';
  return r < 0.15 ? 'bars' : r < 0.3 ? 'hollow' : 'candles';
}

export function tfLabel(renderer: RendererName, tf: CorpusTimeframe, style4h: number): string {
  if (renderer === 'mt') return { '5m': 'M5', '15m': 'M15', '4h': 'H4' }[tf];
  if (renderer === 'echarts')
    return { '5m': ['5m', 'M5', '5min'], '15m': ['15m', 'M15', '15min'], '4h': ['4H', 'H4', '4h'] }[tf][
      style4h
    ]!;
  if (renderer === 'broker')
    return { '5m': ['5m', '5 min', 'M5'], '15m': ['15m', '15 min', 'M15'], '4h': ['4H', '4 hours', 'H4'] }[
      tf
    ][style4h]!;
  return { '5m': ['5', '5', '5m'], '15m': ['15', '15', '15m'], '4h': ['240', '4h', '4H'] }[tf][style4h]!;
}

const TV_DARK_BG = ['#131722', '#0f0f0f', '#161a25', '#1e222d'];

function pickPalette(
  rng: Rng,
  renderer: RendererName,
  theme: 'dark' | 'light',
  kind: ChartKind,
  forced?: string,
): { palette: Palette; name: string } {
  const dark = theme === 'dark';
  const panel = dark ? '#131722' : '#ffffff';
  const panelText = dark ? '#d1d4dc' : '#131722';
  if (renderer === 'mt') {
    const name =
      forced ??
      (dark
        ? rng.pick(['green-on-black', 'green-on-black', 'custom-dark'])
        : rng.pick(['black-on-white', 'color-on-white', 'custom-light']));
    const mt = (
      bg: string,
      fg: string,
      grid: string,
      up: [string, string],
      down: [string, string],
    ): Palette => ({
      ...mk(bg, fg, grid, up[1], up[0], down[0], down[1], up[1], '#f0f0f0', '#000000'),
      downWick: down[1],
    });
    // [body, outline+wick] per direction.
    if (name === 'green-on-black')
      return {
        name,
        palette: mt('#000000', '#ffffff', '#778899', ['#000000', '#00ff00'], ['#ffffff', '#00ff00']),
      };
    if (name === 'black-on-white')
      return {
        name,
        palette: mt('#ffffff', '#000000', '#c0c0c0', ['#ffffff', '#000000'], ['#000000', '#000000']),
      };
    if (name === 'color-on-white')
      return {
        name,
        palette: mt('#ffffff', '#000000', '#c0c0c0', ['#26a69a', '#26a69a'], ['#ef5350', '#ef5350']),
      };
    const { up, down } = userColours(rng, dark);
    const bg = dark
      ? hsl(rng.range(200, 240), rng.range(0.2, 0.5), rng.range(0.05, 0.14))
      : hsl(rng.range(30, 60), rng.range(0.2, 0.5), rng.range(0.93, 0.98));
    const fg = dark ? '#dddddd' : '#222222';
    return { name: 'custom', palette: mt(bg, fg, dark ? '#3a4055' : '#c8c8c8', [up, up], [down, down]) };
  }
  if (renderer === 'echarts') return echartsPalette(rng, dark, kind, forced);
  if (renderer === 'broker') {
    const bg = dark
      ? hsl(rng.range(200, 260), rng.range(0.15, 0.45), rng.range(0.08, 0.16))
      : hsl(rng.range(180, 240), rng.range(0.1, 0.4), rng.range(0.95, 0.99));
    const bg2 = dark ? hsl(rng.range(200, 260), rng.range(0.15, 0.45), rng.range(0.03, 0.08)) : '#ffffff';
    const preset = forced ?? rng.pick(['green-red', 'blue-orange', 'user']);
    const { up, down } =
      preset === 'green-red'
        ? {
            up: rng.pick(['#16c784', '#00b15d', '#2ebd85', '#0ecb81']),
            down: rng.pick(['#ea3943', '#ff4d4f', '#f6465d', '#e0294a']),
          }
        : preset === 'blue-orange'
          ? { up: '#2f80ed', down: '#f2994a' }
          : userColours(rng, dark);
    const text = dark ? '#c9d1e0' : '#3b4252';
    const p = mk(
      bg,
      text,
      dark ? '#ffffff14' : '#0000000f',
      up,
      up,
      down,
      down,
      up,
      dark ? '#0d111a' : '#f5f7fa',
      text,
    );
    p.bg2 = bg2;
    p.border = '';
    return { name: preset, palette: hollowIf(p, kind, bg) };
  }
  const name = forced ?? rng.pick(['tv-classic', 'tv-new', 'tv-new', 'user']);
  const bg = dark ? rng.pick(TV_DARK_BG) : '#ffffff';
  const text = dark ? '#d1d4dc' : '#131722';
  const grid = dark
    ? rng.pick(['#2a2e39', '#1f2430', '#363a45'])
    : rng.pick(['#f0f3fa', '#e9ecf2', '#f3f3f3']);
  const { up, down } =
    name === 'tv-classic'
      ? { up: '#26a69a', down: '#ef5350' }
      : name === 'tv-new'
        ? { up: '#089981', down: '#f23645' }
        : userColours(rng, dark);
  const p = mk(bg, text, grid, up, up, down, down, up, panel, panelText);
  p.axisText = dark ? '#b2b5be' : '#131722';
  p.border = rng.chance(0.5) ? (dark ? '#2a2e39' : '#e0e3eb') : '';
  p.downWick = down;
  return { name, palette: hollowIf(p, kind, bg) };
}

/**
 * ECharts' palettes: its default red-up/green-down (the convention on Chinese and Japanese
 * platforms), the red/green pair of its stock examples with darker outlines, a western green-up
 * pair and user colours, on ECharts' own light and dark theme colours.
 */
function echartsPalette(
  rng: Rng,
  dark: boolean,
  kind: ChartKind,
  forced?: string,
): { palette: Palette; name: string } {
  const name = forced ?? rng.pick(['echarts-default', 'echarts-default', 'cn-outlined', 'western', 'user']);
  const bg = dark
    ? rng.pick(['#100c2a', '#17171b', '#0e1117', '#1f2329'])
    : rng.pick(['#ffffff', '#ffffff', '#fafbfd']);
  const text = dark
    ? rng.pick(['#b9b8ce', '#a3a5aa', '#cccccc'])
    : rng.pick(['#6e7079', '#54555a', '#333333']);
  const grid = dark
    ? rng.pick(['#2b2e33', '#333640', '#484753'])
    : rng.pick(['#dbdee4', '#e0e6f1', '#eeeeee']);
  const [up, down, upLine, downLine] =
    name === 'echarts-default'
      ? ['#eb5454', '#47b262', '#eb5454', '#47b262']
      : name === 'cn-outlined'
        ? ['#ec0000', '#00da3c', '#8a0000', '#008f28']
        : name === 'western'
          ? ['#26a69a', '#ef5350', '#26a69a', '#ef5350']
          : (() => {
              const u = userColours(rng, dark);
              return [u.up, u.down, u.up, u.down];
            })();
  const p = mk(bg, text, grid, upLine, up, down, downLine, upLine, dark ? '#17171b' : '#ffffff', text);
  p.border = dark ? '#797b7f' : '#6e7079';
  return { name, palette: hollowIf(p, kind, bg) };
}

/** ECharts-only knobs (RenderSpec.variant): layout and components its users switch on. */
function echartsVariant(rng: Rng, phone: boolean, busy: boolean): RenderSpec['variant'] {
  return {
    ecBarWidth: rng.pick(['', '', '60%', '70%', '80%']),
    ecSplitArea: rng.chance(0.35),
    ecSlider: rng.chance(0.75),
    ecLabelsInside: rng.chance(phone ? 0.5 : 0.1),
    ecMarkPoint: busy && rng.chance(0.4),
    ecLegend: rng.chance(0.6),
    ecTitleForm: rng.int(0, 3),
    ecTitleCenter: rng.chance(0.3),
    ecSmooth: rng.chance(0.7),
    ecDateLabels: rng.int(0, 2),
    // ECharts' own number formatting drops trailing zeros (1.085, 1.0855); many users fix decimals.
    ecFixedLabels: rng.chance(0.5),
  };
}

function echartsStyleKey(v: RenderSpec['variant']): string {
  return [
    v.ecLabelsInside ? 'labels-inside' : 'labels-outside',
    v.ecSlider ? 'slider' : '',
    v.ecSplitArea ? 'bands' : '',
  ]
    .filter(Boolean)
    .join('+');
}

function hollowIf(p: Palette, kind: ChartKind, bg: string): Palette {
  return kind === 'hollow' ? { ...p, upBody: bg } : p;
}

/** Colours a user might pick: two distinct hues, or monochrome (white/black, black/grey). */
function userColours(rng: Rng, dark: boolean): { up: string; down: string } {
  const r = rng.next();
  if (r < 0.2)
    return dark
      ? { up: '#ffffff', down: rng.pick(['#787b86', '#2962ff', '#ff9800']) }
      : { up: '#5d606b', down: '#000000' };
  const hu = rng.range(0, 360);
  const hd = (hu + rng.range(90, 270)) % 360;
  const l = dark ? rng.range(0.5, 0.65) : rng.range(0.35, 0.5);
  return { up: hsl(hu, rng.range(0.55, 0.9), l), down: hsl(hd, rng.range(0.55, 0.9), l) };
}

function mk(
  bg: string,
  text: string,
  grid: string,
  upBorder: string,
  upBody: string,
  downBody: string,
  downBorder: string,
  upWick: string,
  panel: string,
  panelText: string,
): Palette {
  return {
    bg,
    bg2: bg,
    text,
    axisText: text,
    grid,
    border: text,
    upBody,
    downBody,
    upBorder,
    downBorder,
    upWick,
    downWick: downBorder,
    panel,
    panelText,
  };
}

function pickClutter(rng: Rng, busy: boolean, theme: 'dark' | 'light', renderer: RendererName): Clutter {
  const emaColours = ['#2962ff', '#ff9800', '#e91e63', '#9c27b0', '#00bcd4', '#ffeb3b', '#f7525f'];
  const nEma = busy ? rng.int(1, 3) : rng.chance(0.15) ? 1 : 0;
  const periods = [9, 20, 50, 100, 200];
  const r = rng.next();
  return {
    grid:
      renderer === 'mt'
        ? rng.chance(0.85)
          ? 'both'
          : 'none'
        : r < 0.6
          ? 'both'
          : r < 0.75
            ? 'horz'
            : r < 0.85
              ? 'vert'
              : 'none',
    gridDotted: renderer === 'mt' ? true : rng.chance(0.15),
    emas: Array.from({ length: nEma }, (_, i) => ({
      period: periods[Math.min(periods.length - 1, i * 2 + rng.int(0, 1))]!,
      color: emaColours[(i + rng.int(0, 6)) % emaColours.length]!,
      width: rng.pick([1, 1, 2, 3]),
    })),
    volume: busy ? rng.chance(0.6) : rng.chance(0.1),
    lastPriceLine: rng.chance(0.85),
    hlines: Array.from({ length: busy ? rng.int(1, 3) : rng.chance(0.2) ? 1 : 0 }, () => ({
      price: 0,
      color: '',
      label: '',
      dashed: false,
    })),
    sessions:
      busy && rng.chance(0.35)
        ? {
            from: rng.pick([7, 8, 13]),
            to: rng.pick([11, 12, 16, 17]),
            color: theme === 'dark' ? 'rgba(120,123,134,0.12)' : 'rgba(41,98,255,0.07)',
          }
        : null,
    watermark: rng.chance(busy ? 0.3 : 0.1) ? 'WATERMARK' : null,
    crosshair: rng.chance(0.15) ? { fx: rng.range(0.2, 0.8), fy: rng.range(0.2, 0.8) } : null,
    rsiPane: renderer !== 'broker' && rng.chance(busy ? 0.35 : 0.1),
  };
}

const HLINE_LABELS = ['Resistance', 'Support', 'PDH', 'PDL', 'Entry', 'TP', 'SL', 'Weekly open', ''];
const HLINE_COLOURS = ['#f23645', '#089981', '#2962ff', '#ff9800', '#9c27b0', '#787b86'];

function pickHlines(rng: Rng, n: number, shown: readonly SeriesBar[], decimals: number): HLine[] {
  if (!n || !shown.length) return [];
  const hi = Math.max(...shown.map((b) => b.h));
  const lo = Math.min(...shown.map((b) => b.l));
  return Array.from({ length: n }, () => ({
    price: Number((lo + (hi - lo) * rng.range(0.05, 0.95)).toFixed(decimals)),
    color: rng.pick(HLINE_COLOURS),
    label: rng.pick(HLINE_LABELS),
    dashed: rng.chance(0.5),
  }));
}
