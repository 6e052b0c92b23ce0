import type { RgbaImage } from '../../core/image';
import type { Timeframe } from '../../core/ohlc';
import { identifyInstrument } from './instrument';
import { readText } from './read-text';
import type { Rect, TextToken } from './types';

/**
 * The two bands where charts state symbol and timeframe, each on one background: everything
 * above the plot (window title, toolbar, mobile header) and the legend inside the plot's top-left.
 * `plot` is inclusive (right/bottom are the last plot pixels).
 */
export function titleBands(width: number, height: number, plot: Rect): Rect[] {
  const plotW = plot.right - plot.left + 1;
  const plotH = plot.bottom - plot.top + 1;
  const right = Math.min(width, plot.left + Math.round(plotW * 0.7));
  const legendBottom = Math.min(height, plot.top + Math.max(24, Math.round(plotH * 0.09)));
  const bands: Rect[] = [];
  if (plot.top >= 8) bands.push({ left: 0, top: 0, right: width, bottom: plot.top });
  bands.push({ left: plot.left, top: plot.top, right, bottom: legendBottom });
  return bands;
}

/** Reads the title bands: every token, for the legend's OHLC and to keep text out of the candles. */
export function readTitleTokens(image: RgbaImage, plot: Rect): TextToken[] {
  const tokens: TextToken[] = [];
  for (const band of titleBands(image.width, image.height, plot)) tokens.push(...readText(image, band));
  return tokens;
}

/**
 * Symbol and timeframe from the title tokens. A band mixing a title with icons, buttons and
 * other text sets one ink threshold and line grouping for all of it; when that does not name
 * both, each line is read again in a tight box of its own. When even that leaves one unknown,
 * the top strip of the image is read on its own: a legend or title sits there on most
 * screenshots, and a plot found too low or too far right (a shaded session, a price line taken
 * for its edge) leaves it out of the bands or drowns it among candles.
 */
export function identifyTitle(
  image: RgbaImage,
  tokens: readonly TextToken[],
): { symbol: string | null; timeframe: Timeframe | null } {
  const found = { ...identifyInstrument(tokens) };
  if (!(found.symbol && found.timeframe)) fillFromLines(image, tokens, found);
  if (!(found.symbol && found.timeframe)) {
    const strip: Rect = {
      left: 0,
      top: 0,
      right: Math.round(image.width * 0.7),
      bottom: Math.min(image.height, Math.max(24, Math.round(image.height * 0.09))),
    };
    const stripTokens = readText(image, strip);
    const again = identifyInstrument(stripTokens);
    found.symbol ??= again.symbol;
    found.timeframe ??= again.timeframe;
    if (!(found.symbol && found.timeframe)) fillFromLines(image, stripTokens, found);
  }
  return found;
}

/** Each line of `tokens` read again in a tight box; fills what `found` lacks. */
function fillFromLines(
  image: RgbaImage,
  tokens: readonly TextToken[],
  found: { symbol: string | null; timeframe: Timeframe | null },
): void {
  const lines: TextToken[][] = [];
  for (const token of [...tokens].sort((a, b) => a.box.top - b.box.top)) {
    const line = lines.find((l) => Math.abs(l[0]!.box.top - token.box.top) <= 3);
    if (line) line.push(token);
    else lines.push([token]);
  }
  for (const line of lines) {
    if (found.symbol && found.timeframe) break;
    const height = Math.max(...line.map((t) => t.box.bottom - t.box.top));
    const margin = Math.max(2, Math.round(height / 3));
    const tight = readText(image, {
      left: Math.max(0, Math.min(...line.map((t) => t.box.left)) - margin),
      top: Math.max(0, Math.min(...line.map((t) => t.box.top)) - margin),
      right: Math.min(image.width, Math.max(...line.map((t) => t.box.right)) + margin),
      bottom: Math.min(image.height, Math.max(...line.map((t) => t.box.bottom)) + margin),
    });
    const again = identifyInstrument(tight);
    found.symbol ??= again.symbol;
    found.timeframe ??= again.timeframe;
  }
}
