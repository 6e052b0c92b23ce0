import { useMemo } from 'react';
import { cn } from '@/lib/utils';
import { useHydrated } from '@/lib/use-hydrated';
import type { TimeframeResultDto } from '../../../../../contracts/analysis';
import { estimateEm, layoutLabels, type LabelRequest, type MeasureEm } from '../chart-labels';

export const OVERLAY_LAYERS = [
  { key: 'candles', label: 'Read candles' },
  { key: 'orderBlocks', label: 'Order blocks' },
  { key: 'fvgs', label: 'Fair value gaps' },
  { key: 'liquidity', label: 'Liquidity & levels' },
  { key: 'structure', label: 'BOS / CHoCH' },
  { key: 'plan', label: 'Entry / stop / targets' },
  { key: 'price', label: 'Current price' },
] as const;
export type OverlayLayer = (typeof OVERLAY_LAYERS)[number]['key'];

const PLAN_LINES = new Set(['entry', 'stopLoss', 'takeProfit1', 'takeProfit2']);

/** The layer a line belongs to: the plan's levels, the current price, or liquidity and levels. */
const lineLayer = (kind: string): OverlayLayer =>
  PLAN_LINES.has(kind) ? 'plan' : kind === 'currentPrice' ? 'price' : 'liquidity';

const LINE_CLASS: Record<string, string> = {
  currentPrice: 'stroke-amber-300 fill-amber-300',
  entry: 'stroke-sky-400 fill-sky-400',
  stopLoss: 'stroke-bearish fill-bearish',
  takeProfit1: 'stroke-bullish fill-bullish',
  takeProfit2: 'stroke-bullish fill-bullish',
  liquidity: 'stroke-warning fill-warning',
  keyLevel: 'stroke-violet-400 fill-violet-400',
  equilibrium: 'stroke-slate-400 fill-slate-400',
};

/**
 * Which labels give way to which: the plan's levels keep their spot, then the current price,
 * the setup zone, structure marks, the other levels, and context zones last.
 */
const PRIORITY = { plan: 0, price: 1, setupZone: 2, structure: 3, liquidity: 4, zone: 5 } as const;

const measured = new Map<string, number>();
let context: CanvasRenderingContext2D | null | undefined;

/**
 * Text width in em as the browser draws it in the page's font (a canvas measures it once per
 * text), so a label's background fits its text; the estimate when no canvas is available.
 */
const measureEm: MeasureEm = (text) => {
  const known = measured.get(text);
  if (known !== undefined) return known;
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (context) context.font = `100px ${getComputedStyle(document.body).fontFamily}`;
  }
  const em = context ? context.measureText(text).width / 100 : estimateEm(text);
  measured.set(text, em);
  return em;
};

export function chartSize(tf: TimeframeResultDto) {
  return tf.chart.image ?? { width: tf.chart.plot.right + 60, height: tf.chart.plot.bottom + 30 };
}

interface ChartOverlayProps {
  tf: TimeframeResultDto;
  visible: Record<OverlayLayer, boolean>;
  /** Label font size in the chart's units (screenshot pixels). */
  font: number;
  /**
   * The part of the chart on screen (the zoomed full-screen view): labels are laid out inside
   * it, levels are labelled at its edges, and what lies outside it gets no label.
   */
  visibleBox?: { x: number; y: number; width: number; height: number };
}

/**
 * What the analysis found, as SVG in the screenshot's own pixel coordinates: zones (ending
 * where they were mitigated), structure marks, levels, and labels laid out so none overlaps
 * another (chart-labels.ts), each moved label with a leader line to its price.
 */
export function ChartOverlay({ tf, visible, font, visibleBox }: ChartOverlayProps) {
  // While a prerendered page hydrates (the landing's sample chart), labels are placed by the
  // estimate the server used, so both draw the same; measured in the page's font right after.
  const measure = useHydrated() ? measureEm : estimateEm;
  const { plot } = tf.chart;
  const { overlay } = tf;
  const clampY = (y: number) => Math.max(plot.top, Math.min(plot.bottom, y));

  const vbX = visibleBox?.x;
  const vbY = visibleBox?.y;
  const vbW = visibleBox?.width;
  const vbH = visibleBox?.height;
  const labels = useMemo(() => {
    const pin = (y: number) => Math.max(plot.top, Math.min(plot.bottom, y));
    const size = chartSize(tf);
    const view = {
      left: vbX ?? 0,
      right: vbX !== undefined && vbW !== undefined ? vbX + vbW : size.width,
      top: Math.max(plot.top, vbY ?? plot.top),
      bottom: Math.min(plot.bottom, vbY !== undefined && vbH !== undefined ? vbY + vbH : plot.bottom),
    };
    const inView = (x: number, y: number) =>
      x >= view.left && x <= view.right && y >= view.top - 1 && y <= view.bottom + 1;
    const requests: (LabelRequest & { className: string; layer: OverlayLayer })[] = [];
    overlay.zones.forEach((z, i) => {
      const show = z.kind === 'orderBlock' ? visible.orderBlocks : visible.fvgs;
      if (!show) return;
      const top = Math.min(z.top, z.bottom);
      if (!inView(z.left, top)) return;
      requests.push({
        id: `z${i}`,
        text: `${z.kind === 'orderBlock' ? 'OB' : 'FVG'}${z.role === 'setup' ? ' (setup)' : ''}`,
        x: z.left + font * 0.25,
        align: 'start',
        y: top + font * 0.75,
        targetY: top,
        targetX: z.left,
        priority: z.role === 'setup' ? PRIORITY.setupZone : PRIORITY.zone,
        className: z.direction === 'bullish' ? 'fill-bullish stroke-bullish' : 'fill-bearish stroke-bearish',
        layer: z.kind === 'orderBlock' ? 'orderBlocks' : 'fvgs',
      });
    });
    if (visible.structure) {
      overlay.marks.forEach((m, i) => {
        const above = m.direction === 'bullish';
        if (!inView((m.x1 + m.x2) / 2, m.y)) return;
        requests.push({
          id: `m${i}`,
          text: m.kind === 'sweep' ? '$' : m.kind,
          x: (m.x1 + m.x2) / 2,
          align: 'middle',
          y: above ? m.y - font * 0.75 : m.y + font * 0.75,
          targetY: m.y,
          priority: PRIORITY.structure,
          className: above ? 'fill-bullish stroke-bullish' : 'fill-bearish stroke-bearish',
          layer: 'structure',
        });
      });
    }
    overlay.lines.forEach((l, i) => {
      const layer = lineLayer(l.kind);
      if (!visible[layer]) return;
      const y = l.offChart ? pin(l.y) : l.y;
      const arrow = l.offChart ? (l.y <= plot.top ? '↑ ' : '↓ ') : '';
      const atLeft = layer === 'price';
      // Levels are labelled at the visible ends of their lines (the whole line when not zoomed).
      const x1 = Math.max(l.x1, view.left);
      const x2 = Math.min(l.x2, view.right);
      if (x2 <= x1 || y < view.top - 1 || y > view.bottom + 1) return;
      requests.push({
        id: `l${i}`,
        text: `${arrow}${l.label}`,
        // Labels of levels sit at the right end, a little in from it, so a leader has room.
        x: atLeft ? x1 + font * 0.4 : x2 - font * 1.2,
        align: atLeft ? 'start' : 'end',
        y: y - font * 0.75,
        targetY: y,
        targetX: atLeft ? x1 + font * 0.2 : x2 - font * 0.2,
        priority: layer === 'plan' ? PRIORITY.plan : layer === 'price' ? PRIORITY.price : PRIORITY.liquidity,
        className: LINE_CLASS[l.kind] ?? 'fill-slate-300 stroke-slate-300',
        layer,
      });
    });
    const placed = layoutLabels(requests, {
      font,
      top: view.top,
      bottom: view.bottom,
      left: view.left,
      right: view.right,
      measure,
    });
    return placed.map((p, i) => ({ ...p, className: requests[i]!.className, layer: requests[i]!.layer }));
  }, [overlay, visible, font, plot.top, plot.bottom, tf, vbX, vbY, vbW, vbH, measure]);

  return (
    <>
      {visible.candles && (
        <g className="stroke-sky-300 fill-sky-300" opacity={0.85} data-layer="candles">
          {overlay.candles.map((c, i) => (
            <g key={i}>
              <line
                x1={c.x}
                x2={c.x}
                y1={c.yHigh}
                y2={c.yLow}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
              <line
                x1={c.x - 2}
                x2={c.x}
                y1={c.yOpen}
                y2={c.yOpen}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
              <line
                x1={c.x}
                x2={c.x + 2}
                y1={c.yClose}
                y2={c.yClose}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            </g>
          ))}
        </g>
      )}
      {overlay.zones.map((z, i) => {
        const show = z.kind === 'orderBlock' ? visible.orderBlocks : visible.fvgs;
        if (!show) return null;
        const bull = z.direction === 'bullish';
        const ended = z.right < plot.right - 0.5;
        return (
          <g
            key={`z${i}`}
            data-layer={z.kind === 'orderBlock' ? 'orderBlocks' : 'fvgs'}
            data-zone-end={ended ? 'mitigated' : 'open'}
          >
            <rect
              x={z.left}
              y={Math.min(z.top, z.bottom)}
              width={Math.max(1, z.right - z.left)}
              height={Math.max(1, Math.abs(z.bottom - z.top))}
              className={cn(bull ? 'fill-bullish stroke-bullish' : 'fill-bearish stroke-bearish')}
              // A zone price has already used is fainter than a fresh one.
              fillOpacity={(z.kind === 'fvg' ? 0.12 : 0.2) * (ended ? 0.6 : 1)}
              strokeOpacity={ended ? 0.5 : 0.8}
              strokeDasharray={z.kind === 'fvg' ? '4 3' : undefined}
              strokeWidth={z.role === 'setup' ? 2.5 : 1}
              vectorEffect="non-scaling-stroke"
            >
              {/* One string: React renders a <title> with several text children differently
                  on the server (the prerendered landing) and in the browser. */}
              <title>{`${z.label}${ended ? ' (mitigated: ends where price came back to it)' : ''}`}</title>
            </rect>
          </g>
        );
      })}
      {visible.structure &&
        overlay.marks.map((m, i) => (
          <g
            key={`m${i}`}
            data-layer="structure"
            className={m.direction === 'bullish' ? 'stroke-bullish' : 'stroke-bearish'}
          >
            <line
              x1={m.x1}
              x2={m.x2}
              y1={m.y}
              y2={m.y}
              strokeWidth={1.5}
              strokeDasharray={m.kind === 'sweep' ? '2 3' : undefined}
              vectorEffect="non-scaling-stroke"
            />
          </g>
        ))}
      {overlay.lines.map((l, i) => {
        const layer = lineLayer(l.kind);
        if (!visible[layer]) return null;
        const isPlan = layer === 'plan';
        // A setup to watch's levels are conditional: dashed, so they never read as orders.
        const conditional = l.label.startsWith('If triggered');
        const y = l.offChart ? clampY(l.y) : l.y;
        return (
          <g key={`l${i}`} data-layer={layer} className={LINE_CLASS[l.kind] ?? 'stroke-slate-300'}>
            <line
              x1={l.x1}
              x2={l.x2}
              y1={y}
              y2={y}
              strokeWidth={isPlan || layer === 'price' ? 2 : 1}
              strokeDasharray={layer === 'price' ? '2 3' : isPlan ? (conditional ? '8 4' : undefined) : '6 4'}
              vectorEffect="non-scaling-stroke"
            />
          </g>
        );
      })}
      {/* Labels last, over every shape; data-label-layer names the layer each belongs to. */}
      <g data-labels="" fontSize={font}>
        {labels.map((p) => {
          const leaderFromX =
            p.align === 'end'
              ? p.box.right
              : p.align === 'start'
                ? p.box.left
                : (p.box.left + p.box.right) / 2;
          const leaderFromY =
            p.align === 'middle' ? (p.targetY > p.centerY ? p.box.bottom : p.box.top) : p.centerY;
          return (
            <g
              key={p.id}
              className={p.className}
              data-label-layer={p.layer}
              data-moved={p.moved || undefined}
            >
              {p.moved && (
                <line
                  x1={leaderFromX}
                  y1={leaderFromY}
                  x2={p.targetX ?? p.x}
                  y2={p.targetY}
                  strokeWidth={1}
                  strokeOpacity={0.8}
                  vectorEffect="non-scaling-stroke"
                  data-leader=""
                />
              )}
              <rect
                x={p.box.left}
                y={p.box.top}
                width={p.box.right - p.box.left}
                height={p.box.bottom - p.box.top}
                rx={font * 0.2}
                className="fill-black stroke-none"
                fillOpacity={0.62}
              />
              <text
                x={
                  p.align === 'start'
                    ? p.box.left + font * 0.25
                    : p.align === 'end'
                      ? p.box.right - font * 0.25
                      : p.x
                }
                y={p.baselineY}
                textAnchor={p.align}
                stroke="none"
              >
                {p.text}
              </text>
            </g>
          );
        })}
      </g>
    </>
  );
}

/** Screen pixels of the label text: what the font sizes below aim for. */
export const LABEL_SCREEN_PX = 12;

/**
 * Label font in chart units for a chart drawn at `scale` screen px per unit: LABEL_SCREEN_PX on
 * screen, but never more than 1/50 of the chart's width inline (a phone's 348 px chart would be
 * buried under labels; the full-screen view is where it is read) and never less than 1/400
 * (a zoomed-in view keeps its text at screen size).
 */
export function labelFont(width: number, scale: number, maxShare = 1 / 50): number {
  if (!(scale > 0)) return Math.max(10, width / 95);
  return Math.max(width / 400, Math.min(LABEL_SCREEN_PX / scale, width * maxShare));
}
