/// <reference lib="dom" />
/**
 * Apache ECharts look: a platform we do not imitate but run, so the reader meets a candlestick
 * drawn by code it was never tuned on. ECharts' own fonts, label layout (value axis left or
 * right, labels outside or inside the grid, its default number formatting), red-up/green-down
 * default colours, split areas, dataZoom slider, markLine/markPoint/markArea, volume and RSI in
 * extra grids, its light and dark themes, OHLC bars as its custom-series recipe.
 *
 * Truth comes from ECharts itself: the candle centre is the wick column its candlestick layout
 * computed (ends[4], already snapped to a half pixel), prices map through convertFromPixel.
 * ECharts draws in continuous CSS coordinates scaled by devicePixelRatio, so CSS coordinate X
 * lands on image coordinate X*dpr, whose pixel-centre index is X*dpr - 0.5.
 */
import { init, use, type ECharts } from 'echarts/core';
import { BarChart, CandlestickChart, CustomChart, LineChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import type { SeriesBar } from '../market-data';
import type { RenderResult, RenderSpec, TruthCandle } from '../types';
import { alpha, chartHolder, el, formatPrice, MONTHS, nextFrames, pad2, rsi } from './common';

use([
  BarChart,
  CandlestickChart,
  CustomChart,
  LineChart,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface EchartsRender extends RenderResult {
  hover: { x: number; y: number } | null;
}

interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The parts of ECharts' model the truth reads (public at runtime, not in its typings). */
interface ModelView {
  getComponent(
    type: string,
    index: number,
  ): {
    coordinateSystem?: { getRect(): { x: number; y: number; width: number; height: number } };
    axis?: { scale: { getTicks(): { value: number }[] } };
  };
  getSeriesByIndex(index: number): {
    getData(): {
      count(): number;
      getRawIndex(i: number): number;
      getItemLayout(i: number): { ends: number[][] } | undefined;
    };
  };
}

export async function renderEcharts(spec: RenderSpec): Promise<EchartsRender> {
  const p = spec.palette;
  const v = spec.variant;
  const c = spec.clutter;
  const dark = spec.theme === 'dark';
  const root = el(
    'div',
    `position:absolute;left:0;top:0;width:${spec.width}px;height:${spec.height}px;overflow:hidden;background:${p.panel};color:${p.panelText};font-family:${spec.fontFamily}`,
  );
  document.body.append(root);
  const area = buildChrome(spec, root);
  const holder = chartHolder(root, area);

  const fs = spec.fontSize;
  const fixedLabels = Boolean(v.ecFixedLabels);
  const inside = Boolean(v.ecLabelsInside);
  const labelW = inside ? 0 : measure(longestLabel(spec), `${fs}px ${spec.fontFamily}`) + 16;
  const axisMargin = inside ? 6 : Math.ceil(labelW);
  const farMargin = spec.phone ? 8 : 24;
  const left = spec.axisSide === 'left' ? axisMargin : farMargin;
  const right = spec.axisSide === 'right' ? axisMargin : farMargin;
  const hasTitle = spec.legend !== 'none';
  const top =
    (hasTitle ? (spec.legend === 'ohlc' ? 56 : 40) : 12) + (v.ecLegend && Boolean(v.ecTitleCenter) ? 22 : 0);
  const slider = Boolean(v.ecSlider);
  const bottomReserve = 26 + (slider ? 40 : 0);
  const subs = [c.volume ? 'volume' : '', c.rsiPane ? 'rsi' : ''].filter(Boolean);
  const subH = Math.round(area.height * (spec.phone ? 0.13 : 0.15));
  const gap = 10;
  const mainH = area.height - top - bottomReserve - subs.length * (subH + gap);
  const gridW = area.width - left - right;

  // Window of categories: ~barSpacing apart, a few empty future slots at the right.
  const future = Math.round(spec.rightOffset / 3);
  const n = spec.bars.length;
  const visible = Math.max(10, Math.round(gridW / spec.barSpacing));
  const endIdx = n - 1 + future;
  const startIdx = Math.max(0, endIdx - visible + 1);
  const categories = [
    ...spec.bars.map((b) => b.t),
    ...Array.from({ length: future }, (_, i) => spec.bars.at(-1)!.t + (i + 1) * tfSeconds(spec)),
  ].map((t) => dateLabel(t, spec));
  const up = p.upBorder;
  const down = p.downBorder;

  const grids: NonNullable<EChartsOption['grid']> = [{ left, right, top, height: mainH }];
  const xAxes: NonNullable<EChartsOption['xAxis']> = [];
  const yAxes: NonNullable<EChartsOption['yAxis']> = [];
  const lineType: 'dashed' | 'solid' = c.gridDotted ? 'dashed' : 'solid';
  const axisLabel = {
    color: p.axisText,
    fontSize: fs,
    fontFamily: spec.fontFamily,
    inside,
    ...(fixedLabels ? { formatter: (val: number) => formatPrice(val, spec.decimals) } : {}),
  };
  const xAxisFor = (gridIndex: number, labels: boolean) => ({
    type: 'category' as const,
    gridIndex,
    data: categories,
    boundaryGap: true,
    axisLine: { lineStyle: { color: p.border } },
    axisTick: { show: labels },
    axisLabel: { show: labels, color: p.axisText, fontSize: fs, fontFamily: spec.fontFamily },
    splitLine: { show: c.grid === 'both' || c.grid === 'vert', lineStyle: { color: p.grid, type: lineType } },
    axisPointer: { label: { show: labels } },
  });
  xAxes.push(xAxisFor(0, subs.length === 0));
  yAxes.push({
    type: 'value',
    scale: true,
    position: spec.axisSide,
    gridIndex: 0,
    axisLabel,
    axisLine: { show: false },
    splitLine: { show: c.grid === 'both' || c.grid === 'horz', lineStyle: { color: p.grid, type: lineType } },
    splitArea: {
      show: Boolean(v.ecSplitArea),
      areaStyle: {
        color: dark
          ? ['rgba(255,255,255,0.02)', 'rgba(255,255,255,0.05)']
          : ['rgba(250,250,250,0.3)', 'rgba(200,200,200,0.3)'],
      },
    },
  });
  let subTop = top + mainH + gap;
  subs.forEach((kind, i) => {
    grids.push({ left, right, top: subTop, height: subH });
    subTop += subH + gap;
    xAxes.push(xAxisFor(i + 1, i === subs.length - 1));
    yAxes.push(
      kind === 'volume'
        ? {
            type: 'value',
            scale: true,
            gridIndex: i + 1,
            splitNumber: 2,
            position: spec.axisSide,
            axisLabel: { show: false },
            axisLine: { show: false },
            axisTick: { show: false },
            splitLine: { show: false },
          }
        : {
            type: 'value',
            gridIndex: i + 1,
            min: 0,
            max: 100,
            interval: 50,
            position: spec.axisSide,
            axisLabel: { ...axisLabel, formatter: undefined },
            splitLine: { show: true, lineStyle: { color: p.grid, type: 'dashed' } },
          },
    );
  });
  const allX = xAxes.map((_, i) => i);

  const series: NonNullable<EChartsOption['series']> = [];
  const ohlcData = spec.bars.map((b) => [b.o, b.c, b.l, b.h]);
  const marks = markLines(spec);
  if (spec.kind === 'bars') {
    series.push({
      type: 'custom',
      name: 'OHLC',
      xAxisIndex: 0,
      yAxisIndex: 0,
      encode: { x: 0, y: [1, 2, 3, 4] },
      data: spec.bars.map((b, i) => [i, b.o, b.c, b.l, b.h]),
      // ECharts' OHLC recipe: a high-low line with open (left) and close (right) ticks, the
      // vertical put on a pixel column centre as its own candlestick layout does.
      renderItem: (_params, api) => {
        const x = api.value(0) as number;
        const o = api.coord([x, api.value(1)]);
        const cl = api.coord([x, api.value(2)]);
        const lo = api.coord([x, api.value(3)]);
        const hi = api.coord([x, api.value(4)]);
        const cx = columnCentre(o[0]!);
        const half = (api.size!([1, 0]) as number[])[0]! * 0.35;
        const colour = (api.value(2) as number) >= (api.value(1) as number) ? up : down;
        const style = { stroke: colour, lineWidth: 1 };
        return {
          type: 'group',
          children: [
            { type: 'line', shape: { x1: cx, y1: lo[1], x2: cx, y2: hi[1] }, style },
            { type: 'line', shape: { x1: cx, y1: o[1], x2: cx - half, y2: o[1] }, style },
            { type: 'line', shape: { x1: cx, y1: cl[1], x2: cx + half, y2: cl[1] }, style },
          ],
        };
      },
      markLine: marks,
    });
  } else {
    const barWidth = String(v.ecBarWidth ?? '');
    series.push({
      type: 'candlestick',
      name: 'K-Line',
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: ohlcData,
      large: false,
      ...(barWidth ? { barWidth } : {}),
      itemStyle: { color: p.upBody, color0: p.downBody, borderColor: up, borderColor0: down },
      markLine: marks,
      ...(c.sessions ? { markArea: sessionAreas(spec) } : {}),
      ...(v.ecMarkPoint
        ? {
            markPoint: {
              label: { fontSize: fs - 2, formatter: (m: { value?: unknown }) => String(m.value ?? '') },
              data: [
                { name: 'highest', type: 'max', valueDim: 'highest' },
                { name: 'lowest', type: 'min', valueDim: 'lowest' },
              ],
            },
          }
        : {}),
    });
  }
  for (const e of c.emas) {
    series.push({
      type: 'line',
      name: `MA${e.period}`,
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: sma(spec.bars, e.period, spec.decimals),
      smooth: Boolean(v.ecSmooth),
      showSymbol: false,
      lineStyle: { width: e.width, color: e.color, opacity: 0.8 },
      itemStyle: { color: e.color },
    });
  }
  subs.forEach((kind, i) => {
    if (kind === 'volume')
      series.push({
        type: 'bar',
        name: 'Volume',
        xAxisIndex: i + 1,
        yAxisIndex: i + 1,
        data: spec.bars.map((b) => ({
          value: b.v,
          itemStyle: { color: alpha(b.c >= b.o ? up : down, 0.7) },
        })),
      });
    else
      series.push({
        type: 'line',
        name: 'RSI14',
        xAxisIndex: i + 1,
        yAxisIndex: i + 1,
        data: rsi(spec.bars).map((r) => (r === null ? '-' : Math.round(r * 100) / 100)),
        showSymbol: false,
        lineStyle: { width: 1, color: '#7e57c2' },
      });
  });

  const last = spec.bars.at(-1)!;
  const option: EChartsOption = {
    animation: false,
    backgroundColor: p.bg,
    textStyle: { fontFamily: spec.fontFamily },
    title: hasTitle
      ? {
          text: titleText(spec),
          subtext:
            spec.legend === 'ohlc'
              ? `O ${formatPrice(last.o, spec.decimals)}  H ${formatPrice(last.h, spec.decimals)}  L ${formatPrice(last.l, spec.decimals)}  C ${formatPrice(last.c, spec.decimals)}`
              : '',
          left: v.ecTitleCenter ? 'center' : spec.axisSide === 'left' ? left : 12,
          top: 6,
          textStyle: { color: p.text, fontSize: fs + 4, fontFamily: spec.fontFamily },
          subtextStyle: { color: p.axisText, fontSize: fs, fontFamily: spec.fontFamily },
        }
      : undefined,
    legend: v.ecLegend
      ? {
          data: series.map((s) => String(s.name ?? '')),
          top: v.ecTitleCenter && hasTitle ? top - 28 : 8,
          right: v.ecTitleCenter ? undefined : right,
          left: v.ecTitleCenter ? 'center' : undefined,
          textStyle: { color: p.text, fontSize: fs, fontFamily: spec.fontFamily },
          itemWidth: 18,
          itemHeight: 10,
        }
      : undefined,
    tooltip: c.crosshair
      ? { trigger: 'axis', axisPointer: { type: 'cross' }, transitionDuration: 0, confine: true }
      : undefined,
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: grids,
    xAxis: xAxes,
    yAxis: yAxes,
    dataZoom: [
      { type: 'inside', xAxisIndex: allX, startValue: startIdx, endValue: endIdx },
      ...(slider
        ? [
            {
              type: 'slider' as const,
              xAxisIndex: allX,
              startValue: startIdx,
              endValue: endIdx,
              bottom: 8,
              height: 26,
              left,
              right,
            },
          ]
        : []),
    ],
    graphic: c.watermark
      ? [
          {
            type: 'text',
            left: 'center',
            top: 'middle',
            silent: true,
            z: 0,
            style: {
              text: c.watermark,
              fill: alpha(p.text, 0.08),
              font: `bold ${Math.round(area.height / 8)}px ${spec.fontFamily}`,
            },
          },
        ]
      : undefined,
    series,
  };

  const chart: ECharts = init(holder, dark ? 'dark' : undefined, {
    renderer: 'canvas',
    devicePixelRatio: spec.dpr,
    width: area.width,
    height: area.height,
  });
  chart.setOption(option);
  await nextFrames(3);

  const model = (chart as unknown as { getModel(): ModelView }).getModel();
  const rect = model.getComponent('grid', 0).coordinateSystem!.getRect();
  const dpr = spec.dpr;
  const imgX = (x: number) => (area.left + x) * dpr - 0.5;
  const imgY = (y: number) => (area.top + y) * dpr - 0.5;
  const candles: TruthCandle[] = [];
  if (spec.kind === 'bars') {
    for (let i = startIdx; i < n; i++) {
      const [x] = chart.convertToPixel({ gridIndex: 0 }, [i, spec.bars[i]!.c]) as number[];
      const b = spec.bars[i]!;
      candles.push({ x: round1(imgX(columnCentre(x!))), open: b.o, high: b.h, low: b.l, close: b.c });
    }
  } else {
    const data = model.getSeriesByIndex(0).getData();
    for (let i = 0; i < data.count(); i++) {
      const layout = data.getItemLayout(i);
      const b = spec.bars[data.getRawIndex(i)];
      if (!layout || !b) continue;
      candles.push({ x: round1(imgX(layout.ends[4]![0]!)), open: b.o, high: b.h, low: b.l, close: b.c });
    }
  }
  // Two image rows well inside the grid, and the prices ECharts puts there.
  const row1 = Math.round(imgY(rect.y + rect.height * 0.1));
  const row2 = Math.round(imgY(rect.y + rect.height * 0.9));
  const priceAt = (row: number) =>
    (chart.convertFromPixel({ gridIndex: 0 }, [rect.x + 1, (row + 0.5) / dpr - area.top]) as number[])[1]!;
  const ticks = (model.getComponent('yAxis', 0).axis?.scale.getTicks() ?? []).map((t) => ({
    y: round1(imgY((chart.convertToPixel({ gridIndex: 0 }, [startIdx, t.value]) as number[])[1]!)),
    price: t.value,
  }));
  let hover: EchartsRender['hover'] = null;
  if (c.crosshair)
    hover = {
      x: Math.round(area.left + rect.x + rect.width * c.crosshair.fx),
      y: Math.round(area.top + rect.y + rect.height * c.crosshair.fy),
    };
  return {
    plot: {
      left: Math.round((area.left + rect.x) * dpr),
      top: Math.round((area.top + rect.y) * dpr),
      right: Math.round((area.left + rect.x + rect.width) * dpr),
      bottom: Math.round((area.top + rect.y + rect.height) * dpr),
    },
    scale: { y1: row1, p1: priceAt(row1), y2: row2, p2: priceAt(row2) },
    candles,
    ticks,
    hover,
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
/** Centre of the CSS pixel column holding x, where a 1 px line is drawn crisp. */
const columnCentre = (x: number) => Math.floor(x) + 0.5;

function measure(text: string, font: string): number {
  const ctx = document.createElement('canvas').getContext('2d')!;
  ctx.font = font;
  return ctx.measureText(text).width;
}

function longestLabel(spec: RenderSpec): string {
  const hi = Math.max(...spec.bars.map((b) => b.h));
  return formatPrice(hi, spec.decimals);
}

function tfSeconds(spec: RenderSpec): number {
  return { '5m': 300, '15m': 900, '4h': 14400 }[spec.timeframe];
}

/** Category labels as ECharts users format them: '2024/3/5 14:30', '03-05 14:30' or 'Mar 5 14:30'. */
function dateLabel(t: number, spec: RenderSpec): string {
  const d = new Date(t * 1000);
  const hm = `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
  const form = Number(spec.variant.ecDateLabels ?? 0);
  if (form === 0) return `${d.getUTCFullYear()}/${d.getUTCMonth() + 1}/${d.getUTCDate()} ${hm}`;
  if (form === 1) return `${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${hm}`;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${hm}`;
}

function titleText(spec: RenderSpec): string {
  const s = spec.legendSymbol;
  const tf = spec.tfLabel;
  return [`${s}  ${tf}`, `${s} · ${tf}`, `${s}, ${tf}`, `${s} (${tf})`][
    Number(spec.variant.ecTitleForm ?? 0)
  ]!;
}

/** Simple moving average of closes, '-' (ECharts' gap) until the period has filled. */
function sma(bars: readonly SeriesBar[], period: number, decimals: number): (number | string)[] {
  let sum = 0;
  return bars.map((b, i) => {
    sum += b.c - (i >= period ? bars[i - period]!.c : 0);
    return i + 1 >= period ? Number((sum / period).toFixed(decimals + 1)) : '-';
  });
}

/** Last price and the user's horizontal levels as markLines with their labels. */
function markLines(spec: RenderSpec) {
  const last = spec.bars.at(-1)!;
  const lastCol = last.c >= last.o ? spec.palette.upBorder : spec.palette.downBorder;
  const data: object[] = [];
  if (spec.clutter.lastPriceLine)
    data.push({
      yAxis: last.c,
      lineStyle: { color: lastCol, type: 'dashed', width: 1 },
      label: {
        // A badge over the axis labels; with labels inside the grid there is no room outside it.
        position: spec.variant.ecLabelsInside
          ? spec.axisSide === 'right'
            ? 'insideEndTop'
            : 'insideStartTop'
          : spec.axisSide === 'right'
            ? 'end'
            : 'start',
        formatter: formatPrice(last.c, spec.decimals),
        color: '#ffffff',
        backgroundColor: lastCol,
        padding: [2, 4],
        fontSize: spec.fontSize,
      },
    });
  for (const h of spec.clutter.hlines)
    data.push({
      yAxis: h.price,
      lineStyle: { color: h.color, type: h.dashed ? 'dashed' : 'solid', width: 1 },
      label: {
        position: 'insideEndTop',
        formatter: `${h.label} ${formatPrice(h.price, spec.decimals)}`.trim(),
        color: h.color,
        fontSize: spec.fontSize - 1,
      },
    });
  // markLine rounds its values to `precision` (default 2) before placing them: a 5-decimal FX
  // price would land on the nearest 0.01.
  return { symbol: ['none', 'none'], silent: true, animation: false, precision: spec.decimals, data };
}

/** Session windows as markArea bands, one per run of in-session bars. */
function sessionAreas(spec: RenderSpec) {
  const s = spec.clutter.sessions!;
  const inside = spec.bars.map((b) => {
    const hour = new Date(b.t * 1000).getUTCHours();
    return s.from < s.to ? hour >= s.from && hour < s.to : hour >= s.from || hour < s.to;
  });
  const data: [object, object][] = [];
  let start = -1;
  for (let i = 0; i <= inside.length; i++) {
    if (i < inside.length && inside[i]) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      data.push([{ xAxis: start }, { xAxis: i - 1 }]);
      start = -1;
    }
  }
  return { silent: true, itemStyle: { color: s.color }, data };
}

/** A web/mobile trading page around the chart (header, timeframe tabs, panels), in CSS px. */
function buildChrome(spec: RenderSpec, root: HTMLElement): Area {
  const p = spec.palette;
  const sep = spec.theme === 'dark' ? '#2c2f36' : '#e6e8ec';
  const area: Area = { left: 0, top: 0, width: spec.width, height: spec.height };
  const last = spec.bars.at(-1)!;
  const first = spec.bars[0]!;
  const chg = ((last.c - first.o) / first.o) * 100;
  const chgCol = chg >= 0 ? p.upBorder : p.downBorder;
  const tabs = (active: string) => {
    const row = el(
      'div',
      `display:flex;gap:18px;align-items:center;height:100%;padding:0 14px;font-size:13px;border-bottom:1px solid ${sep};box-sizing:border-box`,
    );
    for (const t of ['1m', '5m', '15m', '30m', '1H', '4H', '1D'])
      row.append(
        el(
          'span',
          t.toLowerCase() === active.toLowerCase() ? `color:${p.upBorder};font-weight:bold` : 'opacity:.65',
          t,
        ),
      );
    return row;
  };
  const activeTab = { '5m': '5m', '15m': '15m', '4h': '4H' }[spec.timeframe];
  if (spec.phone) {
    const status = 44;
    const head = 50;
    const tabH = 36;
    const bottom = Number(spec.variant.phoneBottomH ?? 64);
    const sb = el(
      'div',
      `position:absolute;left:0;top:0;width:100%;height:${status}px;display:flex;align-items:center;justify-content:space-between;padding:0 24px;box-sizing:border-box;font-weight:600;font-size:15px`,
    );
    sb.append(el('span', '', '9:41'), el('span', 'font-size:12px;letter-spacing:2px', '▂▄▆ ▭'));
    const hd = el(
      'div',
      `position:absolute;left:0;top:${status}px;width:100%;height:${head}px;display:flex;align-items:center;gap:10px;padding:0 14px;box-sizing:border-box`,
    );
    hd.append(
      el('span', 'font-size:22px', '‹'),
      el('b', 'font-size:17px', spec.legendSymbol),
      el(
        'span',
        `margin-left:auto;font-size:17px;font-weight:bold;color:${chgCol}`,
        formatPrice(last.c, spec.decimals),
      ),
      el('span', `font-size:13px;color:${chgCol}`, `${chg >= 0 ? '+' : ''}${chg.toFixed(2)}%`),
    );
    const tb = el('div', `position:absolute;left:0;top:${status + head}px;width:100%;height:${tabH}px`);
    tb.append(tabs(activeTab));
    const bt = el(
      'div',
      `position:absolute;left:0;top:${spec.height - bottom}px;width:100%;height:${bottom}px;display:flex;gap:10px;padding:10px 12px 18px;box-sizing:border-box;border-top:1px solid ${sep}`,
    );
    bt.append(
      el(
        'div',
        `flex:1;border-radius:6px;background:${p.upBorder};color:#fff;display:flex;align-items:center;justify-content:center;font-weight:bold`,
        'Buy',
      ),
      el(
        'div',
        `flex:1;border-radius:6px;background:${p.downBorder};color:#fff;display:flex;align-items:center;justify-content:center;font-weight:bold`,
        'Sell',
      ),
    );
    root.append(sb, hd, tb, bt);
    area.top = status + head + tabH;
    area.height = spec.height - area.top - bottom;
    return area;
  }
  const c = spec.chrome;
  if (!c) return area;
  if (c.topBar) {
    const h = Number(spec.variant.topBarH ?? 44);
    const bar = el(
      'div',
      `position:absolute;left:0;top:0;width:100%;height:${h}px;display:flex;align-items:center;gap:22px;padding:0 16px;box-sizing:border-box;border-bottom:1px solid ${sep};font-size:14px`,
    );
    bar.append(
      el('b', `color:${p.upBorder}`, '◈ Markets'),
      el('b', '', spec.legendSymbol),
      el('span', `color:${chgCol};font-weight:bold`, formatPrice(last.c, spec.decimals)),
      el('span', `color:${chgCol}`, `${chg >= 0 ? '+' : ''}${chg.toFixed(2)}%`),
      el('span', 'opacity:.6', `H ${formatPrice(Math.max(...spec.bars.map((b) => b.h)), spec.decimals)}`),
      el('span', 'opacity:.6', `L ${formatPrice(Math.min(...spec.bars.map((b) => b.l)), spec.decimals)}`),
    );
    const tb = el('div', `position:absolute;left:0;top:${h}px;width:100%;height:34px`);
    tb.append(tabs(activeTab));
    root.append(bar, tb);
    area.top = h + 34;
    area.height -= h + 34;
  }
  if (c.bottomBar) {
    const h = 120;
    const bar = el(
      'div',
      `position:absolute;left:0;top:${spec.height - h}px;width:100%;height:${h}px;border-top:1px solid ${sep};padding:10px 16px;box-sizing:border-box;font-size:13px`,
    );
    bar.append(
      el('b', '', 'Open orders (0)    Positions (0)    Trade history'),
      el('div', 'margin-top:30px;opacity:.5', 'No data'),
    );
    root.append(bar);
    area.height -= h;
  }
  if (c.rightPanel) {
    const w = Number(spec.variant.panelW ?? 280);
    const panel = el(
      'div',
      `position:absolute;left:${spec.width - w}px;top:${area.top}px;width:${w}px;height:${area.height}px;border-left:1px solid ${sep};padding:8px 12px;box-sizing:border-box;font-size:12px`,
    );
    panel.append(el('b', 'display:block;margin-bottom:8px', 'Order book'));
    const step = 10 ** -spec.decimals * 5;
    for (let i = 8; i >= -8; i--) {
      if (i === 0) {
        panel.append(
          el(
            'div',
            `padding:4px 0;font-size:15px;font-weight:bold;color:${chgCol}`,
            formatPrice(last.c, spec.decimals),
          ),
        );
        continue;
      }
      const row = el('div', 'display:flex;padding:2px 0');
      row.append(
        el(
          'span',
          `flex:1;color:${i > 0 ? p.downBorder : p.upBorder}`,
          formatPrice(last.c + i * step, spec.decimals),
        ),
        el('span', 'opacity:.7', String(((Math.abs(i) * 37) % 90) / 10 + 0.5)),
      );
      panel.append(row);
    }
    root.append(panel);
    area.width -= w;
  }
  if (c.leftToolbar) {
    const w = Number(spec.variant.leftToolbarW ?? 48);
    const bar = el(
      'div',
      `position:absolute;left:0;top:${area.top}px;width:${w}px;height:${area.height}px;border-right:1px solid ${sep};box-sizing:border-box`,
    );
    for (let i = 0; i < 9; i++)
      bar.append(
        el(
          'div',
          `margin:14px auto;width:16px;height:16px;opacity:.6;border:1.5px solid ${p.panelText};border-radius:${i % 3 ? 2 : 8}px`,
        ),
      );
    root.append(bar);
    area.left += w;
    area.width -= w;
  }
  return area;
}
