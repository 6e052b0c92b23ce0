import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { TimeframeResultDto } from '../../../../../contracts/analysis';
import { SLOT_TITLES } from '../format';
import { PanelTitle } from './panel-title';

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

interface AnnotatedChartProps {
  tf: TimeframeResultDto;
  /** The screenshot: the local upload right after analysis, the stored thumbnail later. */
  src: string;
  /** Layers shown; shared by the three charts so one toggle affects them all. */
  visible: Record<OverlayLayer, boolean>;
}

/**
 * One screenshot with what the analysis found drawn on it, in the screenshot's own pixel
 * coordinates (the SVG's viewBox is the original image size, so a thumbnail lines up too).
 */
export function AnnotatedChart({ tf, src, visible }: AnnotatedChartProps) {
  const [failed, setFailed] = useState(false);
  const image = tf.chart.image ?? {
    width: tf.chart.plot.right + 60,
    height: tf.chart.plot.bottom + 30,
  };
  const { width, height } = image;
  const { plot } = tf.chart;
  const font = Math.max(10, width / 95);
  const { overlay } = tf;
  const clampY = (y: number) => Math.max(plot.top + font, Math.min(plot.bottom - 2, y));

  return (
    <figure className="grid gap-2" data-testid={`annotated-${tf.timeframe}`}>
      <figcaption className="flex items-center justify-between text-sm font-medium">
        <span>{SLOT_TITLES[tf.timeframe]} chart</span>
        <span className="text-xs text-muted-foreground">
          {tf.chart.source === 'data'
            ? `${tf.chart.candleCount} bars from the data file · exact prices, not read from a picture`
            : `${tf.chart.candleCount} candles read · reading confidence ${Math.round(tf.chart.readConfidence * 100)} %`}
        </span>
      </figcaption>
      <div className="relative overflow-hidden rounded-md border bg-black">
        {failed ? (
          <div className="grid aspect-video place-items-center text-sm text-muted-foreground">
            The screenshot could not be loaded.
          </div>
        ) : (
          <img
            src={src}
            alt={`${SLOT_TITLES[tf.timeframe]} chart screenshot`}
            // The reading's image size reserves the picture's space before it loads (no jump).
            width={width}
            height={height}
            className="block h-auto w-full"
            onError={() => setFailed(true)}
          />
        )}
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          className="pointer-events-none absolute inset-0 h-full w-full"
          role="img"
          aria-label={`Analysis drawn on the ${SLOT_TITLES[tf.timeframe]} chart`}
        >
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
            return (
              <g key={`z${i}`} data-layer={z.kind === 'orderBlock' ? 'orderBlocks' : 'fvgs'}>
                <rect
                  x={z.left}
                  y={Math.min(z.top, z.bottom)}
                  width={Math.max(1, z.right - z.left)}
                  height={Math.max(1, Math.abs(z.bottom - z.top))}
                  className={cn(bull ? 'fill-bullish stroke-bullish' : 'fill-bearish stroke-bearish')}
                  fillOpacity={z.kind === 'fvg' ? 0.12 : 0.2}
                  strokeOpacity={0.8}
                  strokeDasharray={z.kind === 'fvg' ? '4 3' : undefined}
                  strokeWidth={z.role === 'setup' ? 2.5 : 1}
                  vectorEffect="non-scaling-stroke"
                />
                <text
                  x={z.left + 3}
                  y={Math.min(z.top, z.bottom) + font}
                  fontSize={font * 0.85}
                  className={bull ? 'fill-bullish' : 'fill-bearish'}
                >
                  {z.kind === 'orderBlock' ? 'OB' : 'FVG'}
                  {z.role === 'setup' ? ' (setup)' : ''}
                </text>
              </g>
            );
          })}
          {visible.structure &&
            overlay.marks.map((m, i) => (
              <g
                key={`m${i}`}
                data-layer="structure"
                className={
                  m.direction === 'bullish' ? 'stroke-bullish fill-bullish' : 'stroke-bearish fill-bearish'
                }
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
                <text
                  x={(m.x1 + m.x2) / 2}
                  y={m.direction === 'bullish' ? m.y - 4 : m.y + font}
                  fontSize={font * 0.85}
                  textAnchor="middle"
                  stroke="none"
                >
                  {m.kind === 'sweep' ? '$' : m.kind}
                </text>
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
              <g
                key={`l${i}`}
                data-layer={layer}
                className={LINE_CLASS[l.kind] ?? 'stroke-slate-300 fill-slate-300'}
              >
                <line
                  x1={l.x1}
                  x2={l.x2}
                  y1={y}
                  y2={y}
                  strokeWidth={isPlan || layer === 'price' ? 2 : 1}
                  strokeDasharray={
                    layer === 'price' ? '2 3' : isPlan ? (conditional ? '8 4' : undefined) : '6 4'
                  }
                  vectorEffect="non-scaling-stroke"
                />
                <text
                  x={layer === 'price' ? l.x1 + 4 : l.x2 - 4}
                  y={y - 4}
                  fontSize={font * 0.85}
                  textAnchor={layer === 'price' ? 'start' : 'end'}
                  stroke="none"
                >
                  {l.offChart ? (l.y < plot.top ? '↑ ' : '↓ ') : ''}
                  {l.label}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </figure>
  );
}

/** The three annotated charts with one set of layer toggles (checkboxes: keyboard-operable). */
export function AnnotatedCharts({
  timeframes,
  sources,
}: {
  timeframes: readonly TimeframeResultDto[];
  sources: Record<string, string>;
}) {
  const [visible, setVisible] = useState<Record<OverlayLayer, boolean>>({
    candles: false,
    orderBlocks: true,
    fvgs: true,
    liquidity: true,
    structure: true,
    plan: true,
    price: true,
  });
  return (
    <Card data-testid="annotated-charts">
      <CardHeader className="pb-3">
        <PanelTitle>Annotated Charts</PanelTitle>
        <CardDescription>
          What the analysis found, drawn on your screenshots. Turn on “Read candles” to check that every
          candle was read correctly.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
          <legend className="sr-only">Layers to draw</legend>
          {OVERLAY_LAYERS.map((layer) => (
            <label key={layer.key} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-[var(--primary)]"
                checked={visible[layer.key]}
                onChange={(event) =>
                  setVisible((current) => ({ ...current, [layer.key]: event.target.checked }))
                }
              />
              {layer.label}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-4 xl:grid-cols-1">
          {timeframes.map((tf) => {
            const src = sources[tf.timeframe];
            return src ? <AnnotatedChart key={tf.timeframe} tf={tf} src={src} visible={visible} /> : null;
          })}
        </div>
      </CardContent>
    </Card>
  );
}
