import type { Raster } from '../pixels/raster';
import { colourDistance } from '../pixels/raster';
import type { Layout } from '../layout';
import type { InkClass } from './palette';
import { BUTTON_SPAN_MAX_SHARE, FILL_PIECES_SHARE, FILL_WIDTH_RATIO, INK_TOLERANCE } from './tuning';

/** Per class: its pixels in the plot, and the pixel-weighted median width of the pieces they make. */
export interface PieceWidths {
  pixels: number;
  /** Half the class's pixels lie in pieces at least this wide (px). */
  medianWidth: number;
  /** The same for all but a tenth of the pixels (1 - FILL_PIECES_SHARE). */
  narrowWidth: number;
}

/**
 * The classes less those that are area fills (see FILL_WIDTH_RATIO): asked only where three
 * classes or more were learned, so that two are left. An EMA ribbon's bright fill outweighed both
 * candle colours of a busy TradingView chart, and its pieces were read as candles over the ones
 * under them.
 */
export function withoutAreaFills(r: Raster, layout: Layout, classes: InkClass[]): InkClass[] {
  if (classes.length < 3) return classes;
  const widths = pieceWidths(r, layout, classes);
  const fill = classes.map((_, k) => {
    const others = widths.filter((_, j) => j !== k).slice(0, 2);
    const candle = Math.max(...others.map((w) => w.medianWidth));
    return candle > 0 && widths[k]!.narrowWidth >= FILL_WIDTH_RATIO * candle;
  });
  const kept = classes.filter((_, k) => !fill[k]);
  return kept.length >= 2 ? kept : classes;
}

/**
 * The classes less the buttons drawn over the plot (MetaTrader 5's one-click trading panel: a red
 * SELL and a blue BUY button with a white lot box between, in the plot's top-left corner): a
 * class whose strokes all stand within BUTTON_SPAN_MAX_SHARE of the plot's width, and whose ink
 * lies in pieces far wider than the candles' (its pixel-weighted median piece at least
 * FILL_WIDTH_RATIO times the second narrowest median of the other classes holding a candle
 * class's share, `strong`). Asked before the classes are cut to the candles' two (and two more),
 * as the thin candles of a JPEG, their ink scattered over many colour bins, rank below the
 * buttons' flat fills and would be cut (m21-007 EURUSD M5, 2x: the buttons 140 px wide against
 * 3 px candles, the lot box and the buttons' text 80). The median, not the narrow width of
 * withoutAreaFills: the buttons' white text is as narrow as a wick. A candle colour's pieces
 * are as wide as the other candle colours' wherever its candles stand (three red candles in a
 * fifth of the plot beside teal ones: EURUSD 1m, real set), and a thick moving average gluing
 * candles runs across the chart. Nothing is dropped unless two classes are left.
 */
export function withoutButtons(
  r: Raster,
  layout: Layout,
  classes: InkClass[],
  spanShare: (k: InkClass) => number,
  strong: (k: InkClass) => boolean,
): InkClass[] {
  if (classes.length < 3 || !classes.some((k) => spanShare(k) <= BUTTON_SPAN_MAX_SHARE)) return classes;
  const widths = pieceWidths(r, layout, classes);
  const button = classes.map((k, i) => {
    if (spanShare(k) > BUTTON_SPAN_MAX_SHARE) return false;
    const candles = classes
      .flatMap((o, j) => (j !== i && strong(o) ? [widths[j]!.medianWidth] : []))
      .sort((a, b) => a - b);
    const candle = candles[1] ?? 0;
    return candle > 0 && widths[i]!.medianWidth >= FILL_WIDTH_RATIO * candle;
  });
  const kept = classes.filter((_, i) => !button[i]);
  return kept.length >= 2 ? kept : classes;
}

/**
 * The widths of the connected pieces (4-neighbours) each class's pixels make inside the plot, a
 * pixel going to the nearest class within INK_TOLERANCE. A candle colour's pieces are candles,
 * one body and its wicks each (a body is never wider than the bar spacing); an area fill's (the
 * band between two moving averages, shaded translucent in one colour) is one polygon running on
 * along the lines it lies between, over many bars. Joined run by run (a row's runs of one class
 * to the overlapping runs of the row above), so only the runs are stored.
 */
export function pieceWidths(r: Raster, layout: Layout, classes: readonly InkClass[]): PieceWidths[] {
  const { plot, bgMask } = layout;
  const pw = plot.right - plot.left + 1;
  const cls = new Int8Array(pw);
  // Per run: its class, first and last column, pixels; its parent in the union-find.
  const runK: number[] = [];
  const runLeft: number[] = [];
  const runRight: number[] = [];
  const runSize: number[] = [];
  const parent: number[] = [];
  const find = (i: number): number => {
    let root = i;
    while (parent[root]! !== root) root = parent[root]!;
    while (parent[i]! !== root) [i, parent[i]] = [parent[i]!, root];
    return root;
  };
  let above: number[] = [];
  for (let y = plot.top; y <= plot.bottom; y++) {
    const row = y * r.width + plot.left;
    for (let x = 0; x < pw; x++) {
      let best = -1;
      if (!bgMask[row + x]) {
        const c = r.rgb[row + x]!;
        let bestD = INK_TOLERANCE + 1;
        for (let k = 0; k < classes.length; k++) {
          const d = colourDistance(c, classes[k]!.colour);
          if (d < bestD) [best, bestD] = [k, d];
        }
      }
      cls[x] = best;
    }
    const here: number[] = [];
    let a = 0;
    for (let from = 0; from < pw;) {
      const k = cls[from]!;
      let to = from;
      while (to + 1 < pw && cls[to + 1] === k) to++;
      const next = to + 1;
      if (k < 0) {
        from = next;
        continue;
      }
      const id = parent.length;
      parent.push(id);
      runK.push(k);
      runLeft.push(from);
      runRight.push(to);
      runSize.push(to - from + 1);
      here.push(id);
      // The runs of the row above that overlap this one, in its class.
      while (a < above.length && runRight[above[a]!]! < from) a++;
      for (let b = a; b < above.length && runLeft[above[b]!]! <= to; b++) {
        const o = above[b]!;
        if (runK[o] !== k) continue;
        const ra = find(o);
        const rb = find(id);
        if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
      }
      from = next;
    }
    above = here;
  }
  // Each piece's extent and pixels, on its root run.
  const left = new Map<number, number>();
  const right = new Map<number, number>();
  const size = new Map<number, number>();
  for (let i = 0; i < parent.length; i++) {
    const root = find(i);
    left.set(root, Math.min(left.get(root) ?? Infinity, runLeft[i]!));
    right.set(root, Math.max(right.get(root) ?? -Infinity, runRight[i]!));
    size.set(root, (size.get(root) ?? 0) + runSize[i]!);
  }
  const pieces: { width: number; size: number }[][] = classes.map(() => []);
  for (const [root, n] of size)
    pieces[runK[root]!]!.push({ width: right.get(root)! - left.get(root)! + 1, size: n });
  return pieces.map((list) => {
    const pixels = list.reduce((s, p) => s + p.size, 0);
    list.sort((a, b) => a.width - b.width);
    const at = (share: number) => {
      let seen = 0;
      for (const p of list) {
        seen += p.size;
        if (seen >= share * pixels) return p.width;
      }
      return 0;
    };
    return { pixels, medianWidth: at(0.5), narrowWidth: at(1 - FILL_PIECES_SHARE) };
  });
}
