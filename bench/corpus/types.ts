/**
 * Shared shapes of the chart corpus. The render spec crosses into the browser as JSON; the truth
 * format is the one ../shared/tools/score-chart-reader.mjs reads (index.json + <id>/truth.json).
 */
import type { CorpusTimeframe, SeriesBar } from './market-data';

export type RendererName = 'lwc' | 'mt' | 'broker' | 'echarts';
export type ChartKind = 'candles' | 'hollow' | 'bars';

export interface Palette {
  bg: string;
  /** Second background colour for gradients (broker look); equals bg when flat. */
  bg2: string;
  text: string;
  axisText: string;
  grid: string;
  /** Line between plot and axes ('' = none). */
  border: string;
  upBody: string;
  downBody: string;
  upBorder: string;
  downBorder: string;
  upWick: string;
  downWick: string;
  /** Chrome (toolbars, panels). */
  panel: string;
  panelText: string;
}

export interface HLine {
  price: number;
  color: string;
  label: string;
  dashed: boolean;
}

export interface Clutter {
  grid: 'none' | 'both' | 'horz' | 'vert';
  gridDotted: boolean;
  emas: { period: number; color: string; width: number }[];
  /** Volume histogram overlaid on the bottom of the plot. */
  volume: boolean;
  lastPriceLine: boolean;
  hlines: HLine[];
  /** Shade bars inside a session window (UTC hours [from, to)). */
  sessions: { from: number; to: number; color: string } | null;
  watermark: string | null;
  /** A crosshair at a fraction of the plot (x, y), as when the user hovers while capturing. */
  crosshair: { fx: number; fy: number } | null;
  /** An RSI(14) sub-pane under the price pane, with its own 0-100 axis labels. */
  rsiPane: boolean;
}

export interface Chrome {
  topBar: boolean;
  leftToolbar: boolean;
  rightPanel: boolean;
  bottomBar: boolean;
  /** Buy/sell buttons in the legend area. */
  tradeButtons: boolean;
}

export interface RenderSpec {
  renderer: RendererName;
  /** Viewport in CSS px; the image is width*dpr x height*dpr. */
  width: number;
  height: number;
  dpr: number;
  theme: 'dark' | 'light';
  kind: ChartKind;
  /** Normalised symbol (truth) and what the chart prints for it. */
  symbol: string;
  legendSymbol: string;
  tfLabel: string;
  feed: string;
  timeframe: CorpusTimeframe;
  decimals: number;
  bars: SeriesBar[];
  palette: Palette;
  axisSide: 'left' | 'right';
  fontFamily: string;
  /** CSS px. */
  fontSize: number;
  /** Distance between candle centres, CSS px. */
  barSpacing: number;
  /** Empty bars to the right of the last candle. */
  rightOffset: number;
  /** Legend/title text with O/H/L/C of the last bar. */
  legend: 'none' | 'symbol' | 'ohlc';
  chrome: Chrome | null;
  phone: boolean;
  clutter: Clutter;
  /** Renderer-specific knobs (MT version, broker layout...), read only by that renderer. */
  variant: Record<string, string | number | boolean>;
}

export interface TruthCandle {
  x: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface PlotRectPx {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** image row y1 shows price p1, row y2 shows p2 (linear). */
export interface ScalePx {
  y1: number;
  p1: number;
  y2: number;
  p2: number;
}

/** What a renderer reports about its own drawing, in image pixels. */
export interface RenderResult {
  plot: PlotRectPx;
  scale: ScalePx;
  candles: TruthCandle[];
  /** Price-axis labels as drawn (image px row of the label's tick, the price it states). */
  ticks: { y: number; price: number }[];
}

export interface ChartTruth extends RenderResult {
  file: string;
  width: number;
  height: number;
}

export interface SetStyle {
  renderer: RendererName;
  theme: 'dark' | 'light';
  chrome: boolean;
  w: number;
  h: number;
  dpr: number;
  format: 'png' | 'jpeg';
  busy: boolean;
  kind: ChartKind;
  axis: 'left' | 'right';
  phone: boolean;
  dense: boolean;
  palette: string;
  data: 'synthetic' | 'real';
  quality?: number;
  variant?: string;
  /** Post-capture edits: 'crop', 'resize x0.7', 'both x0.7'. */
  capture?: string;
  /** A trader's translucent zones and position tool laid over the candles (--drawings). */
  drawings?: boolean;
}

export interface SetTruth {
  id: string;
  set: string;
  symbol: string;
  decimals: number;
  style: SetStyle;
  charts: Partial<Record<CorpusTimeframe, ChartTruth>>;
}
