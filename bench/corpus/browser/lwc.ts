/// <reference lib="dom" />
/**
 * TradingView look with lightweight-charts (TradingView's own open-source renderer). Truth comes
 * from the library's own coordinate API (logicalToCoordinate / coordinateToPrice), times dpr.
 */
import {
  BarSeries,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  createChart,
  createTextWatermark,
  type IChartApi,
  type IPrimitivePaneView,
  type ISeriesPrimitive,
  type Time,
  type ISeriesApi,
  type SeriesType,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { RenderResult, RenderSpec, TruthCandle } from '../types';
import { alpha, chartHolder, compactVolume, el, ema, formatPrice, nextFrames, rsi } from './common';
import { buildTvChrome } from './tv-chrome';

export interface LwcRender extends RenderResult {
  /** Where the page should put the mouse to show a crosshair (CSS px), if wanted. */
  hover: { x: number; y: number } | null;
}

export async function renderLwc(spec: RenderSpec): Promise<LwcRender> {
  const p = spec.palette;
  const root = el('div', '');
  document.body.append(root);
  const area = buildTvChrome(spec, root);
  const holder = chartHolder(root, area);
  const time = (t: number) => t as UTCTimestamp;
  const legendH = legendHeight(spec);
  const grid = spec.clutter.grid;
  const lineStyle = spec.clutter.gridDotted ? LineStyle.Dotted : LineStyle.Solid;
  const chart: IChartApi = createChart(holder, {
    width: area.width,
    height: area.height,
    autoSize: false,
    layout: {
      background:
        p.bg2 !== p.bg
          ? { type: ColorType.VerticalGradient, topColor: p.bg, bottomColor: p.bg2 }
          : { type: ColorType.Solid, color: p.bg },
      textColor: p.axisText,
      fontSize: spec.fontSize,
      fontFamily: spec.fontFamily,
      attributionLogo: Boolean(spec.variant.attribution),
    },
    grid: {
      vertLines: { visible: grid === 'both' || grid === 'vert', color: p.grid, style: lineStyle },
      horzLines: { visible: grid === 'both' || grid === 'horz', color: p.grid, style: lineStyle },
    },
    rightPriceScale: {
      visible: spec.axisSide === 'right',
      borderVisible: p.border !== '',
      borderColor: p.border || p.grid,
    },
    leftPriceScale: {
      visible: spec.axisSide === 'left',
      borderVisible: p.border !== '',
      borderColor: p.border || p.grid,
    },
    timeScale: {
      barSpacing: spec.barSpacing,
      minBarSpacing: 0.5,
      rightOffset: spec.rightOffset,
      timeVisible: spec.timeframe !== '4h' || Boolean(spec.variant.timeVisible4h),
      secondsVisible: false,
      borderVisible: p.border !== '',
      borderColor: p.border || p.grid,
    },
    crosshair: { mode: CrosshairMode.Normal },
    handleScroll: false,
    handleScale: false,
  });
  const scaleId = spec.axisSide;
  const c = spec.clutter;
  const data = spec.bars.map((b) => ({ time: time(b.t), open: b.o, high: b.h, low: b.l, close: b.c }));

  if (c.volume) {
    const vol = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      lastValueVisible: false,
      priceLineVisible: false,
      priceFormat: { type: 'volume' },
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
    vol.setData(
      spec.bars.map((b) => ({
        time: time(b.t),
        value: b.v,
        color: alpha(b.c >= b.o ? p.upBorder : p.downBorder, 0.45),
      })),
    );
  }
  const priceFormat = { type: 'price' as const, precision: spec.decimals, minMove: 10 ** -spec.decimals };
  const common = {
    priceScaleId: scaleId,
    priceFormat,
    lastValueVisible: c.lastPriceLine,
    priceLineVisible: c.lastPriceLine,
    priceLineStyle: LineStyle.Dotted,
  };
  const series: ISeriesApi<SeriesType> =
    spec.kind === 'bars'
      ? chart.addSeries(BarSeries, {
          ...common,
          upColor: p.upBorder,
          downColor: p.downBorder,
          thinBars: Boolean(spec.variant.thinBars),
          openVisible: true,
        })
      : chart.addSeries(CandlestickSeries, {
          ...common,
          upColor: p.upBody,
          downColor: p.downBody,
          borderVisible: true,
          borderUpColor: p.upBorder,
          borderDownColor: p.downBorder,
          wickUpColor: p.upWick,
          wickDownColor: p.downWick,
        });
  // Keep the top candles clear of the legend, as TradingView's default margins do.
  const topMargin = Math.min(0.3, Math.max(0.08, (legendH + 12) / area.height));
  chart.priceScale(scaleId).applyOptions({
    scaleMargins: { top: topMargin, bottom: c.volume ? 0.12 : 0.08 },
  });
  series.setData(data);
  if (c.sessions) series.attachPrimitive(sessionShading(chart, spec));
  for (const e of c.emas) {
    const line = chart.addSeries(LineSeries, {
      priceScaleId: scaleId,
      color: e.color,
      lineWidth: e.width as 1 | 2 | 3 | 4,
      lastValueVisible: Boolean(spec.variant.emaBadges),
      priceLineVisible: false,
      crosshairMarkerVisible: false,
      priceFormat,
      autoscaleInfoProvider: () => null,
    });
    line.setData(
      ema(spec.bars, e.period).map((v, i) =>
        v === null ? { time: time(spec.bars[i]!.t) } : { time: time(spec.bars[i]!.t), value: v },
      ),
    );
  }
  for (const h of c.hlines) {
    series.createPriceLine({
      price: h.price,
      color: h.color,
      lineWidth: 1,
      lineStyle: h.dashed ? LineStyle.Dashed : LineStyle.Solid,
      axisLabelVisible: true,
      title: h.label,
    });
  }
  if (c.watermark) {
    createTextWatermark(chart.panes()[0]!, {
      horzAlign: 'center',
      vertAlign: 'center',
      lines: [{ text: c.watermark, color: alpha(p.text, 0.08), fontSize: Math.round(area.height / 7) }],
    });
  }
  if (c.rsiPane) {
    const line = chart.addSeries(
      LineSeries,
      {
        color: '#7e57c2',
        lineWidth: 1,
        priceLineVisible: false,
        crosshairMarkerVisible: false,
        priceScaleId: scaleId,
      },
      1,
    );
    line.setData(
      rsi(spec.bars).map((v, i) =>
        v === null ? { time: time(spec.bars[i]!.t) } : { time: time(spec.bars[i]!.t), value: v },
      ),
    );
    for (const level of [70, 30])
      line.createPriceLine({
        price: level,
        color: alpha(p.text, 0.4),
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: false,
        title: '',
      });
    chart.panes()[1]?.setHeight(Math.round(area.height * 0.22));
  }
  const legend = buildLegend(spec, holder, chart, series);
  await nextFrames(3);

  const dpr = spec.dpr;
  const paneLeft = area.left + (spec.axisSide === 'left' ? chart.priceScale('left').width() : 0);
  const paneTop = area.top;
  const paneWidth = chart.timeScale().width();
  const paneHeight = chart.paneSize(0).height;
  const candles: TruthCandle[] = [];
  spec.bars.forEach((b, i) => {
    const x = chart.timeScale().logicalToCoordinate(i as never);
    if (x === null || x < 0 || x > paneWidth) return;
    candles.push({ x: round1((paneLeft + x) * dpr), open: b.o, high: b.h, low: b.l, close: b.c });
  });
  const y1 = Math.round(paneHeight * 0.1);
  const y2 = Math.round(paneHeight * 0.9);
  const p1 = series.coordinateToPrice(y1);
  const p2 = series.coordinateToPrice(y2);
  if (p1 === null || p2 === null) throw new Error('lightweight-charts gave no price for a pane row');
  let hover: LwcRender['hover'] = null;
  if (c.crosshair) {
    hover = {
      x: paneLeft + Math.round(paneWidth * c.crosshair.fx),
      y: paneTop + Math.round(paneHeight * c.crosshair.fy),
    };
  }
  void legend;
  return {
    plot: {
      left: Math.round(paneLeft * dpr),
      top: Math.round(paneTop * dpr),
      right: Math.round((paneLeft + paneWidth) * dpr),
      bottom: Math.round((paneTop + paneHeight) * dpr),
    },
    // A media-pixel row y covers image rows y*dpr .. y*dpr+dpr-1: its centre is y*dpr + (dpr-1)/2.
    scale: {
      y1: round1((paneTop + y1) * dpr + (dpr - 1) / 2),
      p1,
      y2: round1((paneTop + y2) * dpr + (dpr - 1) / 2),
      p2,
    },
    candles,
    ticks: [],
    hover,
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Session background as TradingView draws it: continuous bands under the candles (a primitive in
 * the 'bottom' z-order, so candle colours stay exact), one band per run of in-session bars.
 */
function sessionShading(chart: IChartApi, spec: RenderSpec): ISeriesPrimitive<Time> {
  const s = spec.clutter.sessions!;
  const inside = spec.bars.map((b) => {
    const hour = new Date(b.t * 1000).getUTCHours();
    return s.from < s.to ? hour >= s.from && hour < s.to : hour >= s.from || hour < s.to;
  });
  const view: IPrimitivePaneView = {
    zOrder: () => 'bottom',
    renderer: () => ({
      draw: (target) =>
        target.useBitmapCoordinateSpace(({ context, bitmapSize, horizontalPixelRatio }) => {
          const ts = chart.timeScale();
          const half = (ts.options().barSpacing * horizontalPixelRatio) / 2;
          context.fillStyle = s.color;
          let start = -1;
          for (let i = 0; i <= inside.length; i++) {
            if (i < inside.length && inside[i]) {
              if (start < 0) start = i;
              continue;
            }
            if (start >= 0) {
              const x0 = ts.logicalToCoordinate(start as never);
              const x1 = ts.logicalToCoordinate((i - 1) as never);
              if (x0 !== null && x1 !== null) {
                const left = Math.round(x0 * horizontalPixelRatio - half);
                const right = Math.round(x1 * horizontalPixelRatio + half);
                context.fillRect(left, 0, right - left, bitmapSize.height);
              }
              start = -1;
            }
          }
        }),
    }),
  };
  return { paneViews: () => [view] };
}

function legendHeight(spec: RenderSpec): number {
  if (spec.legend === 'none') return 0;
  const line = spec.fontSize + 8;
  let h = 6 + line;
  if (spec.clutter.emas.length || spec.clutter.volume) h += line;
  if (spec.chrome?.tradeButtons) h += 40;
  return h;
}

/** TradingView's legend: "EURUSD · 15 · OANDA  O… H… L… C…", follows the crosshair bar. */
function buildLegend(
  spec: RenderSpec,
  holder: HTMLElement,
  chart: IChartApi,
  series: ISeriesApi<SeriesType>,
) {
  if (spec.legend === 'none') return null;
  const p = spec.palette;
  const fs = spec.fontSize + 1;
  const leftPad = spec.axisSide === 'left' ? 70 : 0;
  const box = el(
    'div',
    `position:absolute;left:${leftPad + 8}px;top:6px;z-index:3;font-family:${spec.fontFamily};font-size:${fs}px;color:${p.text};pointer-events:none;white-space:nowrap`,
  );
  const row1 = el('div', 'display:flex;gap:8px;align-items:center');
  box.append(row1);
  holder.append(box);
  const show = (i: number) => {
    const b = spec.bars[Math.max(0, Math.min(spec.bars.length - 1, i))]!;
    const col = b.c >= b.o ? p.upBorder : p.downBorder;
    row1.replaceChildren(el('span', '', `${spec.legendSymbol} · ${spec.tfLabel} · ${spec.feed}`));
    if (spec.legend === 'ohlc') {
      for (const [k, v] of [
        ['O', b.o],
        ['H', b.h],
        ['L', b.l],
        ['C', b.c],
      ] as const) {
        const s = el('span', '', `${k}`);
        s.append(el('span', `color:${col};margin-left:2px`, formatPrice(v, spec.decimals)));
        row1.append(s);
      }
      const prev = spec.bars[i - 1];
      if (prev) {
        const d = b.c - prev.c;
        row1.append(
          el(
            'span',
            `color:${col}`,
            `${d >= 0 ? '+' : '−'}${formatPrice(Math.abs(d), spec.decimals)} (${((d / prev.c) * 100).toFixed(2)}%)`,
          ),
        );
      }
    }
  };
  show(spec.bars.length - 1);
  if (spec.clutter.emas.length || spec.clutter.volume) {
    const row2 = el('div', `display:flex;gap:14px;margin-top:4px;font-size:${fs - 1}px`);
    const last = spec.bars.at(-1)!;
    for (const e of spec.clutter.emas) {
      const v = ema(spec.bars, e.period).at(-1);
      row2.append(
        el(
          'span',
          `color:${e.color}`,
          `EMA ${e.period} close ${v === null || v === undefined ? '' : formatPrice(v, spec.decimals)}`,
        ),
      );
    }
    if (spec.clutter.volume) row2.append(el('span', '', `Vol ${compactVolume(last.v)}`));
    box.append(row2);
  }
  if (spec.chrome?.tradeButtons) {
    const last = spec.bars.at(-1)!;
    const spread = 10 ** -spec.decimals * 12;
    const row3 = el('div', 'display:flex;gap:2px;margin-top:6px');
    row3.append(
      el(
        'div',
        `background:${p.downBorder};color:#fff;padding:4px 10px;border-radius:4px 0 0 4px;font-size:${fs}px`,
        `${formatPrice(last.c, spec.decimals)} SELL`,
      ),
      el(
        'div',
        `background:#2962ff;color:#fff;padding:4px 10px;border-radius:0 4px 4px 0;font-size:${fs}px`,
        `BUY ${formatPrice(last.c + spread, spec.decimals)}`,
      ),
    );
    box.append(row3);
  }
  chart.subscribeCrosshairMove((param) => {
    if (param.logical === undefined) return;
    show(Math.round(param.logical));
  });
  void series;
  return box;
}
