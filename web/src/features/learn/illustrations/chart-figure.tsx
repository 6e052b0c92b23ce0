import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import type { Figure, FigureLevel, FigureZone } from '../content/types';
import { chartLayout } from './chart-geometry';

// One renderer for every picture in the Learning Center and for the practice charts, in the
// dashboard's visual language: green/red candles, translucent zones, dashed levels.

type Tone = 'bullish' | 'bearish' | 'neutral';

const fillTone: Record<Tone, string> = {
  bullish: 'fill-bullish',
  bearish: 'fill-bearish',
  neutral: 'fill-muted-foreground',
};
const strokeTone: Record<Tone, string> = {
  bullish: 'stroke-bullish',
  bearish: 'stroke-bearish',
  neutral: 'stroke-muted-foreground',
};

export type BarVerdict = 'correct' | 'wrong';

export interface ChartInteraction {
  /** Accessible name of the clickable chart ("Practice chart: click the order block"). */
  readonly label: string;
  readonly onSelect: (bar: number) => void;
  readonly verdicts: Readonly<Record<number, BarVerdict>>;
  readonly disabled?: boolean;
}

export interface ChartFigureProps {
  readonly figure: Pick<
    Figure,
    | 'title'
    | 'description'
    | 'candles'
    | 'zones'
    | 'levels'
    | 'markers'
    | 'callouts'
    | 'arrows'
    | 'series'
    | 'zoom'
  >;
  /** Extra zones/levels drawn on top (the engine's answer in practice mode). */
  readonly overlayZones?: readonly FigureZone[];
  readonly overlayLevels?: readonly FigureLevel[];
  readonly interaction?: ChartInteraction;
  readonly className?: string;
}

const fmtPrice = (p: number, precision: number) => p.toFixed(precision);

/** Labels get an outline in the background colour so they stay legible over candles and zones. */
const HALO = 'stroke-background';

/**
 * Narrowest a practice candle's tap target may be on a touch screen, in CSS pixels: a finger
 * needs about this much (WCAG 2.2 asks at least 24 px); 40 practice candles on a phone were 14 px.
 * With a mouse the chart keeps fitting its card.
 */
const MIN_TOUCH_SLOT_PX = 28;
const haloProps = { strokeWidth: 3, strokeLinejoin: 'round', paintOrder: 'stroke' } as const;

export function ChartFigure({
  figure,
  overlayZones = [],
  overlayLevels = [],
  interaction,
  className,
}: ChartFigureProps) {
  const uid = useId().replace(/:/g, '');
  const closeUp = figure.zoom === 'close-up';
  const zones = [...(figure.zones ?? []), ...overlayZones];
  const levels = [...(figure.levels ?? []), ...overlayLevels];
  const L = chartLayout(
    { ...figure, zones, levels },
    closeUp
      ? { width: 640, height: 300, marginLeft: 200, marginRight: 200 }
      : { width: 640, height: 290, marginRight: 66 },
  );
  const last = figure.candles.length - 1;
  const zoneRight = (toBar: number | undefined) =>
    toBar === undefined || toBar >= last ? L.plot.right : L.x(toBar) + L.slot / 2;

  const [focusBar, setFocusBar] = useState(0);
  const [focused, setFocused] = useState(false);
  const hitRefs = useRef<(SVGRectElement | null)[]>([]);

  const moveFocus = (bar: number) => {
    const b = Math.max(0, Math.min(last, bar));
    setFocusBar(b);
    hitRefs.current[b]?.focus();
  };
  const onKey = (e: KeyboardEvent<SVGRectElement>, bar: number) => {
    const keys: Record<string, number> = { ArrowRight: bar + 1, ArrowLeft: bar - 1, Home: 0, End: last };
    if (e.key in keys) {
      e.preventDefault();
      moveFocus(keys[e.key]!);
    } else if ((e.key === 'Enter' || e.key === ' ') && !interaction?.disabled) {
      e.preventDefault();
      interaction?.onSelect(bar);
    }
  };

  return (
    // Below ~560 px the candles and labels get too small to read or hit, so narrow screens
    // scroll the chart sideways instead of shrinking it; the region is focusable so keyboard
    // users can scroll it too. A practice chart on a touch screen is wider still, so that every
    // candle is a target a finger can hit (MIN_TOUCH_SLOT_PX).
    <div
      className="overflow-x-auto"
      tabIndex={interaction ? undefined : 0}
      role={interaction ? undefined : 'region'}
      aria-label={interaction ? undefined : `Chart: ${figure.title}`}
    >
      <svg
        viewBox={`0 0 ${L.width} ${L.height}`}
        className={cn(
          'h-auto w-full min-w-[560px] select-none',
          interaction && 'pointer-coarse:min-w-(--touch-min-width)',
          className,
        )}
        style={
          interaction
            ? ({
                '--touch-min-width': `${Math.ceil((figure.candles.length * MIN_TOUCH_SLOT_PX * L.width) / (L.plot.right - L.plot.left))}px`,
              } as CSSProperties)
            : undefined
        }
        role={interaction ? 'group' : 'img'}
        aria-labelledby={`${uid}-t`}
        aria-describedby={`${uid}-d`}
      >
        <title id={`${uid}-t`}>{interaction ? interaction.label : figure.title}</title>
        <desc id={`${uid}-d`}>{figure.description}</desc>
        <defs>
          {(['bullish', 'bearish', 'neutral'] as const).map((t) => (
            <marker
              key={t}
              id={`${uid}-arrow-${t}`}
              viewBox="0 0 10 10"
              refX="8"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" className={fillTone[t]} />
            </marker>
          ))}
        </defs>

        <rect x={0} y={0} width={L.width} height={L.height} rx={10} className="fill-background/60" />

        {!closeUp &&
          L.ticks.map((t) => (
            <g key={t}>
              <line
                x1={L.plot.left}
                x2={L.plot.right}
                y1={L.y(t)}
                y2={L.y(t)}
                className="stroke-border"
                strokeWidth={0.6}
              />
              <text x={L.plot.right + 6} y={L.y(t) + 3.5} className="fill-muted-foreground" fontSize={10}>
                {fmtPrice(t, L.precision)}
              </text>
            </g>
          ))}

        {zones.map((z, i) => {
          const x1 = L.x(z.fromBar) - L.slot / 2;
          const x2 = zoneRight(z.toBar);
          return (
            <g key={`z${i}`}>
              <rect
                x={x1}
                y={L.y(z.top)}
                width={Math.max(1, x2 - x1)}
                height={Math.max(1, L.y(z.bottom) - L.y(z.top))}
                className={cn(fillTone[z.tone], strokeTone[z.tone])}
                fillOpacity={0.14}
                strokeOpacity={0.45}
                strokeWidth={0.8}
              />
            </g>
          );
        })}

        {figure.candles.map((c, i) => {
          const tone: Tone = c.close >= c.open ? 'bullish' : 'bearish';
          const cx = L.x(i);
          const top = L.y(Math.max(c.open, c.close));
          const bottom = L.y(Math.min(c.open, c.close));
          return (
            <g key={`c${i}`}>
              <line
                x1={cx}
                x2={cx}
                y1={L.y(c.high)}
                y2={L.y(c.low)}
                className={strokeTone[tone]}
                strokeWidth={closeUp ? 2.5 : 1.3}
              />
              <rect
                x={cx - L.bodyWidth / 2}
                y={top}
                width={L.bodyWidth}
                height={Math.max(1, bottom - top)}
                className={fillTone[tone]}
                rx={closeUp ? 2 : 0.5}
              />
            </g>
          );
        })}

        {(figure.series ?? []).map((line, i) => {
          const points = line.values.flatMap((v, k) => (Number.isFinite(v) ? [`${L.x(k)},${L.y(v)}`] : []));
          return (
            <polyline
              key={`s${i}`}
              points={points.join(' ')}
              fill="none"
              className={strokeTone[line.tone]}
              strokeWidth={1.8}
              strokeLinejoin="round"
            />
          );
        })}

        {levels.map((l, i) => {
          const x1 = l.fromBar === undefined ? L.plot.left : L.x(l.fromBar);
          const x2 = zoneRight(l.toBar);
          const y = L.y(l.price);
          return (
            <g key={`l${i}`}>
              <line
                x1={x1}
                x2={x2}
                y1={y}
                y2={y}
                className={strokeTone[l.tone]}
                strokeWidth={1.4}
                strokeDasharray={l.dashed ? '5 4' : undefined}
              />
            </g>
          );
        })}

        {(figure.arrows ?? []).map((a, i) => (
          <g key={`a${i}`}>
            <line
              x1={L.x(a.from.bar)}
              y1={L.y(a.from.price)}
              x2={L.x(a.to.bar)}
              y2={L.y(a.to.price)}
              className={strokeTone[a.tone]}
              strokeWidth={1.6}
              strokeDasharray="2 3"
              markerEnd={`url(#${uid}-arrow-${a.tone})`}
            />
            {a.label && (
              <text
                x={(L.x(a.from.bar) + L.x(a.to.bar)) / 2}
                y={(L.y(a.from.price) + L.y(a.to.price)) / 2 + 16}
                textAnchor="middle"
                className={cn(fillTone[a.tone], HALO)}
                {...haloProps}
                fontSize={10.5}
              >
                {a.label}
              </text>
            )}
          </g>
        ))}

        {zones.map((z, i) =>
          z.label ? (
            <text
              key={`zl${i}`}
              x={zoneRight(z.toBar) - 4}
              y={L.y(z.top) + 12}
              textAnchor="end"
              className={cn(fillTone[z.tone], HALO)}
              {...haloProps}
              fontSize={10.5}
              fontWeight={600}
            >
              {z.label}
            </text>
          ) : null,
        )}

        {levels.map((l, i) =>
          l.label ? (
            <text
              key={`ll${i}`}
              // Midway along the line, on the side price has left empty: above a bullish or
              // neutral level (price came from below), below a bearish one.
              x={
                l.labelBar !== undefined
                  ? L.x(l.labelBar)
                  : ((l.fromBar === undefined ? L.plot.left : L.x(l.fromBar)) + zoneRight(l.toBar)) / 2
              }
              y={l.tone === 'bearish' ? L.y(l.price) + 13 : L.y(l.price) - 5}
              textAnchor="middle"
              className={cn(fillTone[l.tone], HALO)}
              {...haloProps}
              fontSize={10.5}
              fontWeight={600}
            >
              {l.label}
            </text>
          ) : null,
        )}

        {(figure.series ?? []).map((line, i) => {
          // Below the line a few bars before its end: in a rising market that space is empty,
          // while the last bars carry candles and their markers.
          const at = Math.max(0, line.values.length - 7);
          const v = line.values[at];
          return line.label && v !== undefined && Number.isFinite(v) ? (
            <text
              key={`sl${i}`}
              x={L.x(at)}
              y={L.y(v) + 16}
              textAnchor="middle"
              className={cn(fillTone[line.tone], HALO)}
              {...haloProps}
              fontSize={10.5}
              fontWeight={600}
            >
              {line.label}
            </text>
          ) : null;
        })}

        {(figure.markers ?? []).map((m, i) => {
          const c = figure.candles[m.bar];
          if (!c) return null;
          const y = m.position === 'above' ? L.y(c.high) - 7 : L.y(c.low) + 15;
          const x = Math.min(Math.max(L.x(m.bar), L.plot.left + 30), L.plot.right - 30);
          return (
            <text
              key={`m${i}`}
              x={x}
              y={y}
              textAnchor="middle"
              className={cn(fillTone[m.tone ?? 'neutral'], HALO)}
              {...haloProps}
              fontSize={closeUp ? 12 : 10.5}
              fontWeight={700}
            >
              {m.label}
            </text>
          );
        })}

        {(figure.callouts ?? []).map((co, i) => {
          const cx = L.x(co.bar);
          const y = L.y(co.price);
          const edge = co.side === 'left' ? cx - L.bodyWidth / 2 - 4 : cx + L.bodyWidth / 2 + 4;
          const end = co.side === 'left' ? L.plot.left - 4 : L.plot.right + 4;
          return (
            <g key={`co${i}`}>
              <line x1={edge} x2={end} y1={y} y2={y} className="stroke-muted-foreground" strokeWidth={0.8} />
              <text
                x={co.side === 'left' ? end - 4 : end + 4}
                y={y + 4}
                textAnchor={co.side === 'left' ? 'end' : 'start'}
                className="fill-foreground"
                fontSize={11.5}
              >
                {co.label}
              </text>
            </g>
          );
        })}

        {interaction &&
          figure.candles.map((c, i) => {
            const verdict = interaction.verdicts[i];
            const isFocused = focused && focusBar === i;
            return (
              <rect
                key={`hit${i}`}
                ref={(el) => {
                  hitRefs.current[i] = el;
                }}
                x={L.x(i) - L.slot / 2}
                y={L.plot.top - 18}
                width={L.slot}
                height={L.plot.bottom - L.plot.top + 30}
                role="button"
                tabIndex={i === focusBar ? 0 : -1}
                aria-label={`Candle ${i + 1} of ${last + 1}: open ${fmtPrice(c.open, L.precision)}, high ${fmtPrice(c.high, L.precision)}, low ${fmtPrice(c.low, L.precision)}, close ${fmtPrice(c.close, L.precision)}`}
                aria-disabled={interaction.disabled || undefined}
                onClick={() => {
                  setFocusBar(i);
                  if (!interaction.disabled) interaction.onSelect(i);
                }}
                onKeyDown={(e) => onKey(e, i)}
                onFocus={() => {
                  setFocusBar(i);
                  setFocused(true);
                }}
                onBlur={() => setFocused(false)}
                className={cn(
                  'cursor-pointer outline-none',
                  verdict === 'correct'
                    ? 'fill-bullish/25 stroke-bullish'
                    : verdict === 'wrong'
                      ? 'fill-bearish/20 stroke-bearish'
                      : 'fill-transparent hover:fill-foreground/8',
                  isFocused && 'stroke-ring',
                )}
                strokeWidth={isFocused || verdict ? 1.5 : 0}
              />
            );
          })}
      </svg>
    </div>
  );
}
