import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Maximize2, Minus, Plus, RotateCcw, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import type { TimeframeResultDto } from '../../../../../contracts/analysis';
import { SLOT_TITLES } from '../format';
import {
  clampView,
  initialView,
  panBy,
  screenMapping,
  viewBox,
  zoomAt,
  ZOOM_STEP,
  type Size,
  type ZoomView,
} from '../zoom-view';
import { ChartOverlay, chartSize, labelFont, OVERLAY_LAYERS, type OverlayLayer } from './chart-overlay';
import { PanelTitle } from './panel-title';

export { OVERLAY_LAYERS, type OverlayLayer } from './chart-overlay';

/**
 * An element's size, kept up to date as the layout changes (0 before the first layout). A
 * callback ref, so an element mounted late (inside the dialog's portal) is still observed.
 */
function useElementSize<T extends HTMLElement | SVGSVGElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    const update = () => {
      const rect = element.getBoundingClientRect();
      setSize((old) =>
        old.width === rect.width && old.height === rect.height
          ? old
          : { width: rect.width, height: rect.height },
      );
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, size, element] as const;
}

interface AnnotatedChartProps {
  tf: TimeframeResultDto;
  /** The screenshot: the local upload right after analysis, the stored image later. */
  src: string;
  /** Layers shown; shared by the three charts so one toggle affects them all. */
  visible: Record<OverlayLayer, boolean>;
}

/**
 * One screenshot with what the analysis found drawn on it, in the screenshot's own pixel
 * coordinates (the SVG's viewBox is the original image size, so a smaller stored image lines
 * up too), and a full-screen view to zoom into it.
 */
export function AnnotatedChart({ tf, src, visible }: AnnotatedChartProps) {
  const [failed, setFailed] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const [frameRef, frame] = useElementSize<HTMLDivElement>();
  const { width, height } = chartSize(tf);
  const font = labelFont(width, frame.width / width);
  const title = `${SLOT_TITLES[tf.timeframe]} chart`;

  return (
    <DialogPrimitive.Root open={fullScreen} onOpenChange={setFullScreen}>
      <figure className="grid gap-2" data-testid={`annotated-${tf.timeframe}`}>
        <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm font-medium">
          <span>{title}</span>
          <span className="flex items-center gap-3">
            <span className="text-xs text-muted-foreground">
              {tf.chart.source === 'data'
                ? `${tf.chart.candleCount} bars from the data file · exact prices, not read from a picture`
                : `${tf.chart.candleCount} candles read · reading confidence ${Math.round(tf.chart.readConfidence * 100)} %`}
            </span>
            <DialogPrimitive.Trigger asChild>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={failed}
                aria-label={`Full screen: zoom into the ${title}`}
              >
                <Maximize2 aria-hidden="true" />
                Full screen
              </Button>
            </DialogPrimitive.Trigger>
          </span>
        </figcaption>
        <div ref={frameRef} className="relative overflow-hidden rounded-md border bg-black">
          {failed ? (
            <div className="grid aspect-video place-items-center text-sm text-muted-foreground">
              The screenshot could not be loaded.
            </div>
          ) : (
            <img
              src={src}
              alt={`${title} screenshot`}
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
            aria-label={`Analysis drawn on the ${title}`}
          >
            <ChartOverlay tf={tf} visible={visible} font={font} />
          </svg>
        </div>
        {/* Radix mounts the content only while open (the zoom starts afresh each time) and gives
          the focus back to the Full screen button when it closes. */}
        <FullScreenChart tf={tf} src={src} visible={visible} title={title} />
      </figure>
    </DialogPrimitive.Root>
  );
}

/**
 * The chart over the whole screen: wheel or pinch to zoom (around the pointer), drag to pan,
 * + / - / 0 and the arrow keys from the keyboard, Esc or the close button to leave. The labels
 * keep their screen size at every zoom and are laid out again for it.
 */
function FullScreenChart(props: AnnotatedChartProps & { title: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/90" />
      <DialogPrimitive.Content
        className="fixed inset-0 z-50 flex flex-col bg-black text-foreground focus:outline-none"
        data-testid="chart-fullscreen"
        aria-describedby={undefined}
      >
        <ZoomableChart {...props} />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

function ZoomableChart({ tf, src, visible, title }: AnnotatedChartProps & { title: string }) {
  const chart = chartSize(tf);
  const [view, setView] = useState<ZoomView>(() => initialView(chart));
  const [svgRef, element, svg] = useElementSize<SVGSVGElement>();
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const box = viewBox(view, chart, element.width > 0 ? element : undefined);
  const { scale } = screenMapping(box, element.width > 0 ? element : chart);
  const font = labelFont(chart.width, scale, 1 / 45);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling underneath.
  useEffect(() => {
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = svg.getBoundingClientRect();
      const factor = event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
      setView((v) => zoomAt(v, chart, rect, factor, event.clientX - rect.left, event.clientY - rect.top));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [svg, chart.width, chart.height]); // eslint-disable-line react-hooks/exhaustive-deps

  const onKeyDownRef = useRef(onKeyDown);
  useEffect(() => {
    onKeyDownRef.current = onKeyDown;
  });

  const zoomCentre = (factor: number) =>
    setView((v) => zoomAt(v, chart, element, factor, element.width / 2, element.height / 2));

  // Keys reach the dialog wherever the focus is in it (a click on the chart focuses the dialog
  // itself); the dialog is modal, so nothing else is listening meanwhile.
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => onKeyDownRef.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  function onKeyDown(
    event: Pick<KeyboardEvent, 'key' | 'preventDefault' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  ) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const pan = (dx: number, dy: number) => setView((v) => panBy(v, chart, element, dx, dy));
    const step = Math.max(40, element.width / 8);
    const actions: Record<string, () => void> = {
      '+': () => zoomCentre(ZOOM_STEP),
      '=': () => zoomCentre(ZOOM_STEP),
      '-': () => zoomCentre(1 / ZOOM_STEP),
      _: () => zoomCentre(1 / ZOOM_STEP),
      '0': () => setView(initialView(chart)),
      ArrowLeft: () => pan(step, 0),
      ArrowRight: () => pan(-step, 0),
      ArrowUp: () => pan(0, step),
      ArrowDown: () => pan(0, -step),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  }

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const map = pointers.current;
    const previous = map.get(event.pointerId);
    if (!previous) return;
    const rect = event.currentTarget.getBoundingClientRect();
    if (map.size === 1) {
      setView((v) => panBy(v, chart, rect, event.clientX - previous.x, event.clientY - previous.y));
    } else if (map.size === 2) {
      // Pinch: the distance between the two fingers scales the zoom around their midpoint.
      const other = [...map.entries()].find(([id]) => id !== event.pointerId)?.[1];
      if (other) {
        const before = Math.hypot(previous.x - other.x, previous.y - other.y);
        const after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
        if (before > 0) {
          const midX = (event.clientX + other.x) / 2 - rect.left;
          const midY = (event.clientY + other.y) / 2 - rect.top;
          setView((v) => zoomAt(v, chart, rect, after / before, midX, midY));
        }
      }
    }
    map.set(event.pointerId, { x: event.clientX, y: event.clientY });
  }

  function onPointerEnd(event: PointerEvent<SVGSVGElement>) {
    pointers.current.delete(event.pointerId);
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-border/60 bg-card/90 px-3 py-2">
        <DialogPrimitive.Title className="mr-auto text-sm font-semibold">
          {title} <span className="font-normal text-muted-foreground">· {tf.chart.symbol ?? ''}</span>
        </DialogPrimitive.Title>
        <p className="hidden text-xs text-muted-foreground md:block" id={`zoom-help-${tf.timeframe}`}>
          Scroll or pinch to zoom, drag to move, + / − / 0 and arrow keys, Esc to close
        </p>
        <Button
          type="button"
          size="icon"
          variant="outline"
          className="size-9"
          aria-label="Zoom out"
          disabled={view.zoom <= 1}
          onClick={() => zoomCentre(1 / ZOOM_STEP)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <output
          className="w-14 text-center font-mono text-xs tabular-nums"
          aria-live="polite"
          aria-label="Zoom"
        >
          {Math.round(view.zoom * 100)}%
        </output>
        <Button
          type="button"
          size="icon"
          variant="outline"
          className="size-9"
          aria-label="Zoom in"
          onClick={() => zoomCentre(ZOOM_STEP)}
        >
          <Plus aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="outline"
          className="size-9"
          aria-label="Show the whole chart"
          onClick={() => setView(clampView(initialView(chart), chart, element))}
        >
          <RotateCcw aria-hidden="true" />
        </Button>
        <DialogPrimitive.Close asChild>
          <Button
            type="button"
            size="icon"
            variant="secondary"
            className="size-9"
            aria-label="Close full screen"
          >
            <X aria-hidden="true" />
          </Button>
        </DialogPrimitive.Close>
      </div>
      <svg
        ref={svgRef}
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        preserveAspectRatio="xMidYMid meet"
        className="min-h-0 w-full flex-1 cursor-grab touch-none select-none active:cursor-grabbing"
        role="img"
        aria-label={`${title} with the analysis drawn on it, zoom ${Math.round(view.zoom * 100)}%`}
        data-zoom={view.zoom}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDoubleClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          setView((v) => zoomAt(v, chart, rect, 2, event.clientX - rect.left, event.clientY - rect.top));
        }}
      >
        <image href={src} x={0} y={0} width={chart.width} height={chart.height} preserveAspectRatio="none" />
        <ChartOverlay tf={tf} visible={visible} font={font} visibleBox={box} />
      </svg>
    </div>
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
          What the analysis found, drawn on your screenshots. Zones end where price came back to them. Open a
          chart full screen to zoom in; turn on “Read candles” to check that every candle was read correctly.
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
