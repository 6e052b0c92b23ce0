import type { RgbaImage } from '../../core/image';
import type { Timeframe } from '../../core/ohlc';
import {
  decideTitle,
  ocrTitleEvidence,
  titleEvidence,
  type SymbolEvidence,
  type TitleEvidence,
} from './instrument';
import { instrumentKey } from './symbol-names';
import { readText } from './read-text';
import { parsePriceLabel } from './parse-price';
import { activeButton, buttonRowTimeframe, medianColour } from './buttons';
import type { Rect, TextToken } from './types';
import {
  CLEAN_WORD_MIN_CHARS,
  CORNER_HEIGHT_SHARE,
  CORNER_MIN_PX,
  CORNER_WIDTH_SHARE,
  HEADER_MIN_PX,
  LEGEND_BAND_HEIGHT_SHARE,
  LEGEND_BAND_MIN_PX,
  LEGEND_REREAD_PAD_PX,
  LIST_ROW_ABOVE,
  LIST_ROW_BELOW,
  LIST_ROW_HEIGHT_SLACK,
  LIST_ROW_MAX_WIDTH,
  LIST_ROW_MIN_ROWS,
  LIST_ROW_MIN_WIDTH,
  LIST_ROW_NEAR,
  LIST_ROW_SIDE,
  MAX_REREAD_LINES,
  OCR_HEADER_WIDTH_SHARE,
  OCR_LEGEND_HEIGHT_SHARE,
  OCR_PRINT_HEIGHT_SHARE,
  ONE_INK_MIN_STRENGTH,
  ONE_INK_OFF_MIN,
  ONE_INK_OFF_SHARE,
  ONE_INK_SHARE,
  REREAD_LINE_SLACK_PX,
  REREAD_MARGIN_DIVISOR,
  REREAD_WORD_MIN_CHARS,
  RULE_MIN_CONTRAST,
  RULE_MIN_DOTS,
  RULE_MIN_ROWS,
  RULE_REACH_PX,
  STRIP_MIN_PX,
  STRIP_OVERLAP_SHARE,
  TITLE_BAND_WIDTH_SHARE,
  TOP_STRIP_HEIGHT_SHARE,
  TOP_STRIP_MIN_PX,
  TOP_STRIP_WIDTH_SHARE,
} from './tuning';

/**
 * The two bands where charts state symbol and timeframe, each on one background: everything
 * above the plot (window title, toolbar, mobile header) and the legend inside the plot's top-left.
 * `plot` is inclusive (right/bottom are the last plot pixels).
 */
export function titleBands(width: number, height: number, plot: Rect): Rect[] {
  const plotW = plot.right - plot.left + 1;
  const plotH = plot.bottom - plot.top + 1;
  const right = Math.min(width, plot.left + Math.round(plotW * TITLE_BAND_WIDTH_SHARE));
  const legendBottom = Math.min(
    height,
    plot.top + Math.max(LEGEND_BAND_MIN_PX, Math.round(plotH * LEGEND_BAND_HEIGHT_SHARE)),
  );
  const bands: Rect[] = [];
  if (plot.top >= HEADER_MIN_PX) bands.push({ left: 0, top: 0, right: width, bottom: plot.top });
  bands.push({ left: plot.left, top: plot.top, right, bottom: legendBottom });
  return bands;
}

/** A region for a caller's OCR to read the title in, and the height of the text the engine saw there. */
export interface TitleRegion {
  /** Image px, right/bottom exclusive. */
  box: Rect;
  /** Median height (px) of the words the engine's recogniser found in it, null when none. */
  textPx: number | null;
}

/**
 * Where a caller's general OCR should read the title when the engine's own reading left the
 * symbol or the timeframe unknown (ReadTrace.titleRegions): the header above the plot (its
 * left part: window titles, toolbars' symbol boxes) and the legend's band at the plot's
 * top-left, a little deeper than the engine's own band. Each with the height of the words the
 * engine read there (`tokens`, its title tokens), so the OCR can scale the text to its taste.
 */
export function titleRegions(
  width: number,
  height: number,
  plot: Rect,
  tokens: readonly TextToken[],
): TitleRegion[] {
  const plotW = plot.right - plot.left + 1;
  const plotH = plot.bottom - plot.top + 1;
  const boxes: Rect[] = [];
  if (plot.top >= HEADER_MIN_PX)
    boxes.push({ left: 0, top: 0, right: Math.round(width * OCR_HEADER_WIDTH_SHARE), bottom: plot.top });
  boxes.push({
    left: plot.left,
    top: plot.top,
    right: Math.min(width, plot.left + Math.round(plotW * TITLE_BAND_WIDTH_SHARE)),
    bottom: Math.min(
      height,
      plot.top + Math.max(LEGEND_BAND_MIN_PX, Math.round(plotH * OCR_LEGEND_HEIGHT_SHARE)),
    ),
  });
  return boxes.map((box) => {
    // Words, not rules or candle fragments: two letters or digits at least.
    const heights = tokens
      .filter((t) => {
        const x = (t.box.left + t.box.right) / 2;
        const y = (t.box.top + t.box.bottom) / 2;
        return (
          x >= box.left &&
          x < box.right &&
          y >= box.top &&
          y < box.bottom &&
          t.text.replace(/[^A-Za-z0-9]/g, '').length >= REREAD_WORD_MIN_CHARS
        );
      })
      .map((t) => t.box.bottom - t.box.top)
      .sort((a, b) => a - b);
    return { box, textPx: heights.length > 0 ? heights[heights.length >> 1]! : null };
  });
}

/**
 * Where a caller's general OCR should read the last bar's printed O/H/L/C when neither the
 * engine nor the title regions' words gave them (ReadTrace.printRegions): the legend at the
 * plot's top-left, deep enough for a line under the title (TradingView's 2019 legend). Read in
 * a crop of its own, so the title regions' reading does not change.
 */
export function printRegion(
  width: number,
  height: number,
  plot: Rect,
  tokens: readonly TextToken[],
): TitleRegion {
  const legend = titleRegions(width, height, plot, tokens).at(-1)!;
  const plotH = plot.bottom - plot.top + 1;
  const bottom = Math.min(height, plot.top + Math.round(plotH * OCR_PRINT_HEIGHT_SHARE));
  return { ...legend, box: { ...legend.box, bottom: Math.max(legend.box.bottom, bottom) } };
}

/** Reads the title bands: every token, for the legend's OHLC and to keep text out of the candles. */
export function readTitleTokens(image: RgbaImage, plot: Rect): TextToken[] {
  const tokens: TextToken[] = [];
  for (const band of titleBands(image.width, image.height, plot)) tokens.push(...readText(image, band));
  return withLegendValuesInAxisDigits(image, tokens);
}

/** A legend key ("O", "H:", a leading O read as 0) alone, or with its value glued to it. */
const LEGEND_KEY = /^[OHLC0][:=]?$/;
const LEGEND_VALUE = /^[OHLC0]?[:=]?\d[\d.,]*$/;

/**
 * The legend's O/H/L/C values read again with the price axis' digits (the 'axis' glyph set:
 * Roboto's too). The legend prints its prices in the axis' font, and the title's glyph set reads
 * Roboto's footless "1" as "3": a lightweight-charts legend "O 1.14989" read "3.34989" made
 * every such chart warn that its prices may be off by 2 (decision 016 keeps Roboto's digits out
 * of the title's other text). Only a value beside a key is read again, and kept when it reads as
 * one token of the same shape that parses as a price. Exported for its test.
 */
export function withLegendValuesInAxisDigits(image: RgbaImage, tokens: TextToken[]): TextToken[] {
  return tokens.map((t, i) => {
    const keyed = LEGEND_KEY.test(tokens[i - 1]?.text ?? '') || /^[OHLC0][:=]?\d/.test(t.text);
    if (!keyed || !LEGEND_VALUE.test(t.text)) return t;
    const pad = LEGEND_REREAD_PAD_PX;
    const box = {
      left: Math.max(0, t.box.left - pad),
      top: Math.max(0, t.box.top - pad),
      right: Math.min(image.width, t.box.right + pad),
      bottom: Math.min(image.height, t.box.bottom + pad),
    };
    const again = readText(image, box, 'axis');
    const read = again.length === 1 ? again[0]! : null;
    const text = read?.text ?? '';
    // Kept only where it still reads as a price ("L1,07163" for "L1.07163" would hide the legend).
    const price = parsePriceLabel(text.replace(/^[OHLC0][:=]?/, ''));
    // Its glyphs come with it: a token's glyphs are one per character of its text.
    return LEGEND_VALUE.test(text) && price !== null ? { ...t, text, glyphs: read!.glyphs } : t;
  });
}

/**
 * Symbol and timeframe from the title tokens. A band mixing a title with icons, buttons and
 * other text sets one ink threshold and line grouping for all of it; when that does not name
 * both, each line is read again in a tight box of its own (and once more with colours other
 * than its text's removed). When even that leaves one unknown, the top strips of the image are
 * read on their own: a legend or title sits there on most screenshots, and a plot found too low
 * or too far right (a shaded session, a price line taken for its edge) leaves it out of the
 * bands or drowns it among candles. All reads add to one body of evidence, so a timeframe seen
 * alone in one read is still refused when another read saw a different one (a picker row).
 * A timeframe still unknown is the one button of a picker row drawn in another colour (the
 * active one), when there is exactly one such button and it reads as a timeframe.
 */
export function identifyTitle(
  image: RgbaImage,
  tokens: readonly TextToken[],
  plot?: Rect,
): { symbol: string | null; timeframe: Timeframe | null } {
  return readTitle(image, tokens, plot).found;
}

/**
 * The engine's own reading of a title (identifyTitleState) and the evidence it was decided
 * over: enough for completeTitle to add an OCR's words without reading the title again (its
 * line re-reads are most of a second read's time: 0.7-2 s on the slowest real charts).
 */
export interface TitleState {
  own: { symbol: string | null; timeframe: Timeframe | null };
  evidence: TitleEvidence;
}

/** identifyTitle, with the state completeTitle can go on from. */
export function identifyTitleState(image: RgbaImage, tokens: readonly TextToken[], plot?: Rect): TitleState {
  const { found, evidence } = readTitle(image, tokens, plot);
  return { own: found, evidence: copyEvidence(evidence) };
}

const copyEvidence = (e: TitleEvidence): TitleEvidence => ({
  symbols: [...e.symbols],
  positional: [...e.positional],
  units: new Set(e.units),
  picker: e.picker,
  pickerRows: [...e.pickerRows],
});

/**
 * What a general OCR's words on the title regions (titleRegions; readChart's `titleWords`)
 * add to the engine's own reading `own`: only what it left unknown, decided over the engine's
 * evidence and the OCR's together (a symbol both read counts twice; list rows are told apart
 * as for the engine's own words). `own` is the engine's reading alone. With `state` (the same
 * image's identifyTitleState), the engine's reading is taken from it rather than made again:
 * the answer is the same.
 */
export function completeTitle(
  image: RgbaImage,
  tokens: readonly TextToken[],
  plot: Rect | undefined,
  words: readonly TextToken[],
  state?: TitleState,
): {
  symbol: string | null;
  timeframe: Timeframe | null;
  own: { symbol: string | null; timeframe: Timeframe | null };
} {
  const {
    found: own,
    addEvidence,
    decide,
  } = state
    ? { found: state.own, ...decider(image, copyEvidence(state.evidence)) }
    : readTitle(image, tokens, plot);
  if (own.symbol && own.timeframe) return { ...own, own };
  const ocr = ocrTitleEvidence(words);
  addEvidence(ocr);
  const more = decide();
  // The OCR reads a picker's buttons the engine's glyphs missed (a tinted active one among
  // them): its rows' active button, as for the engine's own rows.
  const timeframe = own.timeframe ?? more.timeframe ?? activeButton(image, ocr.pickerRows);
  return { symbol: own.symbol ?? more.symbol, timeframe, own };
}

/** Adding to `evidence` and deciding over it, list rows told apart (each symbol asked once). */
function decider(
  image: RgbaImage,
  evidence: TitleEvidence,
): {
  addEvidence: (e: TitleEvidence) => void;
  decide: () => { symbol: string | null; timeframe: Timeframe | null };
} {
  const listRows = new Map<SymbolEvidence, boolean>();
  const decide = (): { symbol: string | null; timeframe: Timeframe | null } => {
    // A symbol followed by a timeframe wins anyway: no list rows to look for.
    if (evidence.symbols.some((s) => s.withTimeframe)) return decideTitle(evidence);
    for (const s of evidence.symbols)
      if (!s.withTimeframe && !listRows.has(s)) listRows.set(s, isListRow(image, s));
    return decideTitle({ ...evidence, symbols: evidence.symbols.filter((s) => !listRows.get(s)) });
  };
  const addEvidence = (e: TitleEvidence): void => {
    evidence.symbols.push(...e.symbols);
    evidence.positional.push(...e.positional);
    for (const u of e.units) evidence.units.add(u);
    evidence.picker ||= e.picker;
    evidence.pickerRows.push(...e.pickerRows);
  };
  return { addEvidence, decide };
}

function readTitle(
  image: RgbaImage,
  tokens: readonly TextToken[],
  plot?: Rect,
): {
  found: { symbol: string | null; timeframe: Timeframe | null };
  evidence: TitleEvidence;
  addEvidence: (e: TitleEvidence) => void;
  decide: () => { symbol: string | null; timeframe: Timeframe | null };
} {
  const evidence = titleEvidence(tokens);
  const { addEvidence, decide } = decider(image, evidence);
  const add = (more: readonly TextToken[]): boolean => {
    addEvidence(titleEvidence(more));
    const found = decide();
    return found.symbol !== null && found.timeframe !== null;
  };
  const done = (found: { symbol: string | null; timeframe: Timeframe | null }) => ({
    found,
    evidence,
    addEvidence,
    decide,
  });
  let found = decide();
  if (found.symbol && found.timeframe) return done(found);
  if (fillFromLines(image, tokens, add)) return done(decide());
  // MetaTrader writes "SYMBOL,TF" in the plot's top-left corner in a small font: in a band as
  // wide as the legend's, trade lines and labels further right set the ink threshold and line
  // grouping, and the title is lost among them. The corner alone holds it and little else.
  if (plot) {
    const plotW = plot.right - plot.left + 1;
    const plotH = plot.bottom - plot.top + 1;
    const corner: Rect = {
      left: plot.left,
      top: plot.top,
      right: Math.min(image.width, plot.left + Math.round(plotW * CORNER_WIDTH_SHARE)),
      bottom: Math.min(
        image.height,
        plot.top + Math.max(CORNER_MIN_PX, Math.round(plotH * CORNER_HEIGHT_SHARE)),
      ),
    };
    const cornerTokens = readText(image, corner);
    if (add(cornerTokens) || fillFromLines(image, cornerTokens, add)) return done(decide());
  }
  // Two overlapping strips: a line cut by the first one's bottom edge (a phone's header under
  // its status bar) is whole in the second.
  const stripH = Math.max(TOP_STRIP_MIN_PX, Math.round(image.height * TOP_STRIP_HEIGHT_SHARE));
  for (const top of [0, Math.round(stripH * STRIP_OVERLAP_SHARE)]) {
    const strip: Rect = {
      left: 0,
      top,
      right: Math.round(image.width * TOP_STRIP_WIDTH_SHARE),
      bottom: Math.min(image.height, top + stripH),
    };
    if (strip.bottom - strip.top < STRIP_MIN_PX) break;
    const stripTokens = readText(image, strip);
    if (add(stripTokens) || fillFromLines(image, stripTokens, add, false)) break;
  }
  found = decide();
  if (!found.timeframe) found = { ...found, timeframe: activeButton(image, evidence.pickerRows) };
  if (!found.timeframe && plot) found = { ...found, timeframe: buttonRowTimeframe(image, plot) };
  return done(found);
}

/**
 * A symbol with a different symbol in the row just below or above it, or with two more rows
 * of words of its height and width starting at its left edge below it, is a row of a watchlist or
 * market-watch panel, not the chart's title (titles followed by a timeframe are not asked).
 */
function isListRow(image: RgbaImage, s: SymbolEvidence): boolean {
  const h = s.box.bottom - s.box.top;
  const left = Math.max(0, s.box.left - Math.round(LIST_ROW_SIDE * h));
  // Just past the symbol: a column of coloured prices beside it would set the ink threshold.
  const right = Math.min(image.width, s.box.right + Math.round(LIST_ROW_SIDE * h));
  const below = {
    left,
    top: Math.min(image.height, s.box.bottom + Math.round(LIST_ROW_NEAR * h)),
    right,
    bottom: Math.min(image.height, s.box.bottom + LIST_ROW_BELOW * h),
  };
  const above = {
    left,
    top: Math.max(0, s.box.top - LIST_ROW_ABOVE * h),
    right,
    bottom: Math.max(0, s.box.top - Math.round(LIST_ROW_NEAR * h)),
  };
  const belowTokens = below.bottom - below.top >= h ? readText(image, below) : [];
  const rows = new Set<number>();
  for (const t of belowTokens) {
    const th = t.box.bottom - t.box.top;
    const tw = t.box.right - t.box.left;
    const sw = s.box.right - s.box.left;
    if (
      Math.abs(t.box.left - s.box.left) <= LIST_ROW_SIDE * h &&
      Math.abs(th - h) <= LIST_ROW_HEIGHT_SLACK * h &&
      tw >= LIST_ROW_MIN_WIDTH * sw &&
      tw <= LIST_ROW_MAX_WIDTH * sw
    )
      rows.add(Math.round(t.box.top / h));
  }
  if (rows.size >= LIST_ROW_MIN_ROWS) return true;
  const near = belowTokens.filter((t) => t.box.top <= s.box.bottom + LIST_ROW_ABOVE * h);
  const other = (o: SymbolEvidence): boolean => instrumentKey(o.symbol) !== instrumentKey(s.symbol);
  if (titleEvidence(near).symbols.some(other)) return true;
  if (above.bottom - above.top < h) return false;
  return titleEvidence(readText(image, above)).symbols.some(other);
}

/**
 * Each line of `tokens` read again in a tight box, then with other colours removed, each read
 * handed to `add` until it reports symbol and timeframe both known.
 */
function fillFromLines(
  image: RgbaImage,
  tokens: readonly TextToken[],
  add: (tokens: readonly TextToken[]) => boolean,
  clean = true,
): boolean {
  const lines: TextToken[][] = [];
  for (const token of [...tokens].sort((a, b) => a.box.top - b.box.top)) {
    const line = lines.find((l) => Math.abs(l[0]!.box.top - token.box.top) <= REREAD_LINE_SLACK_PX);
    if (line) line.push(token);
    else lines.push([token]);
  }
  // Titles are the top lines of a band that hold a word: a band reaching deep into a misplaced
  // plot holds dozens of lines of candle fragments and labels, not worth reading again.
  const worth = lines.filter((l) =>
    l.some((t) => t.text.replace(/[^A-Za-z0-9]/g, '').length >= REREAD_WORD_MIN_CHARS),
  );
  for (const line of worth.slice(0, MAX_REREAD_LINES)) {
    const height = Math.max(...line.map((t) => t.box.bottom - t.box.top));
    const margin = Math.max(2, Math.round(height / REREAD_MARGIN_DIVISOR));
    const box: Rect = {
      left: Math.max(0, Math.min(...line.map((t) => t.box.left)) - margin),
      top: Math.max(0, Math.min(...line.map((t) => t.box.top)) - margin),
      right: Math.min(image.width, Math.max(...line.map((t) => t.box.right)) + margin),
      bottom: Math.min(image.height, Math.max(...line.map((t) => t.box.bottom)) + margin),
    };
    const tight = readText(image, box);
    if (add(tight)) return true;
    // Only a line holding a word long enough for a ticker is worth cleaning.
    if (!clean || !tight.some((t) => t.text.replace(/[^A-Za-z0-9]/g, '').length >= CLEAN_WORD_MIN_CHARS))
      continue;
    const copy = oneInkCopy(image, box);
    if (
      copy &&
      add(toImage(readText(copy, { left: 0, top: 0, right: copy.width, bottom: copy.height }), box))
    )
      return true;
    // Subpixel-rendered text (ClearType: MetaTrader's titles on Windows) draws each stroke as
    // coloured fringes; its glyphs take their shape back in plain luminance.
    // A rule crossing the line is painted over with its neighbours' mean (a stroke it runs along
    // keeps its edge), then, when that still reads wrong, with the background (a dash joining two
    // glyphs is cut).
    const rows = { left: box.left, top: box.top + margin, right: box.right, bottom: box.bottom - margin };
    const greyCopy = greyCopies(image, box, rows);
    for (const rules of ['neighbours', 'background'] as const) {
      const grey = greyCopy(rules);
      if (!grey) break;
      if (add(toImage(readText(grey, { left: 0, top: 0, right: grey.width, bottom: grey.height }), box)))
        return true;
    }
  }
  return false;
}

/** Tokens read in a copy of `box` with their boxes back in image coordinates (a list-row check looks around them). */
function toImage(tokens: readonly TextToken[], box: Rect): TextToken[] {
  return tokens.map((t) => ({
    ...t,
    box: {
      left: t.box.left + box.left,
      top: t.box.top + box.top,
      right: t.box.right + box.left,
      bottom: t.box.bottom + box.top,
    },
  }));
}

/**
 * A copy of `rect` in grey: each pixel the mean of its channels (a subpixel fringe's share of
 * the stroke). A thin vertical rule crossing the line (a dotted grid line through MetaTrader's
 * title) is painted over (`rules`): glyphs it touches read as other letters otherwise ("hj15"
 * for "M15", "XA8JUSD" for "XAUUSD"). Null for the background variant when no rule crosses.
 * A rule is told from a letter's stem by
 * going on above and below the line (`line`: the text's own rows, `rect` with its margin).
 * Returns the maker of both variants: the luminance, the background and the rules found are
 * the same for both, so they are worked out once (the background's, when first asked for).
 */
function greyCopies(
  image: RgbaImage,
  rect: Rect,
  line: Rect,
): (rules: 'neighbours' | 'background') => RgbaImage | null {
  const w = rect.right - rect.left;
  const h = rect.bottom - rect.top;
  // The luminance of every pixel the copies read (the rect, a pixel around it, and the rows a
  // rule is looked for in above and below the line), each computed once as lum() did.
  const x0 = Math.max(0, rect.left - 1);
  const x1 = Math.min(image.width, rect.right + 1);
  const y0 = Math.max(0, Math.min(rect.top - 1, line.top - RULE_REACH_PX));
  const y1 = Math.min(image.height, Math.max(rect.bottom + 1, line.bottom + RULE_REACH_PX));
  const lw = Math.max(0, x1 - x0);
  const lums = new Float64Array(lw * Math.max(0, y1 - y0));
  for (let y = y0; y < y1; y++)
    for (let x = x0, p = (y * image.width + x) * 4, q = (y - y0) * lw; x < x1; x++, p += 4, q++)
      lums[q] = (image.data[p]! + image.data[p + 1]! + image.data[p + 2]!) / 3;
  const lum = (x: number, y: number): number => lums[(y - y0) * lw + x - x0]!;
  let shared: { bgLum: number; crossed: boolean[]; crossedRows: boolean[] } | null = null;
  const analyse = (): { bgLum: number; crossed: boolean[]; crossedRows: boolean[] } => {
    const bg = medianColour(image, rect, () => true);
    const bgLum = bg ? (bg[0] + bg[1] + bg[2]) / 3 : 0;
    const ink = (x: number, y: number): boolean => Math.abs(lum(x, y) - bgLum) >= RULE_MIN_CONTRAST;
    // Rows outside the line where the column holds ink and neither neighbour does: a rule's dots
    // (a horizontal grid line or a glyph of another line there is as wide as its neighbours).
    const ruleRows = (x: number, from: number, to: number): number => {
      let n = 0;
      for (let y = Math.max(0, from); y < Math.min(image.height, to); y++)
        if (ink(x, y) && !ink(x - 1, y) && !ink(x + 1, y)) n++;
      return n;
    };
    const rule = (x: number): boolean =>
      x > 0 &&
      x < image.width - 1 &&
      ruleRows(x, line.top - RULE_REACH_PX, line.top) >= RULE_MIN_ROWS &&
      ruleRows(x, line.bottom, line.bottom + RULE_REACH_PX) >= RULE_MIN_ROWS;
    // Across: a row of the line holding many dots, ink with no ink on any side (a dotted grid
    // line through the title's middle glues its words into one token of dots; a letter's stroke
    // is never a lone pixel).
    const dots = (y: number): number => {
      let n = 0;
      for (let x = Math.max(1, rect.left); x < Math.min(image.width - 1, rect.right); x++)
        if (ink(x, y) && !ink(x - 1, y) && !ink(x + 1, y) && !ink(x, y - 1) && !ink(x, y + 1)) n++;
      return n;
    };
    const across = (y: number): boolean => y > 0 && y < image.height - 1 && dots(y) >= RULE_MIN_DOTS;
    return {
      bgLum,
      crossed: Array.from({ length: w }, (_, x) => rule(rect.left + x)),
      crossedRows: Array.from({ length: h }, (_, y) => across(rect.top + y)),
    };
  };
  return (rules) => {
    const { bgLum, crossed, crossedRows } = (shared ??= analyse());
    // Without a rule the background variant is the same copy again.
    if (rules === 'background' && !crossed.includes(true)) return null;
    const data = new Uint8Array(w * h * 4);
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) {
        const [ix, iy] = [rect.left + x, rect.top + y];
        // A row of dots always takes its neighbours' mean: painting a row through the text's
        // middle with the background would cut every glyph.
        const v = crossed[x]
          ? rules === 'background'
            ? bgLum
            : (lum(ix - 1, iy) + lum(ix + 1, iy)) / 2
          : crossedRows[y]
            ? (lum(ix, iy - 1) + lum(ix, iy + 1)) / 2
            : lum(ix, iy);
        const q = (y * w + x) * 4;
        data[q] = data[q + 1] = data[q + 2] = Math.round(v);
        data[q + 3] = 255;
      }
    }
    return { width: w, height: h, data };
  };
}

/**
 * A copy of `rect` in which only the background, the line's main ink colour and their blends
 * (antialiasing) are kept; other colours become background. An indicator line of another
 * colour crossing the title (a moving average through the "E" of "EURUSD") otherwise fuses the
 * glyphs it touches into shapes no template matches.
 */
/** oneInkCopy's colour bins: 4 bits per channel. */
const MODE_BINS = 1 << 12;

function oneInkCopy(image: RgbaImage, rect: Rect): RgbaImage | null {
  const w = rect.right - rect.left;
  const h = rect.bottom - rect.top;
  if (w < 4 || h < 4) return null;
  const src = image.data;
  const at = (x: number, y: number): number => ((rect.top + y) * image.width + rect.left + x) * 4;
  // The most common colour (4 bits per channel; ties: the one met first) and its mean. The 4,096
  // bins are typed arrays, the keys kept in the order first met.
  const sums = new Float64Array(MODE_BINS * 4);
  const order = new Uint16Array(MODE_BINS);
  const mode = (keep: (p: number) => boolean): [number, number, number] | null => {
    sums.fill(0);
    let seen = 0;
    for (let y = 0; y < h; y++)
      for (let x = 0, p = at(0, y); x < w; x++, p += 4) {
        if (!keep(p)) continue;
        const key = ((src[p]! >> 4) << 8) | ((src[p + 1]! >> 4) << 4) | (src[p + 2]! >> 4);
        const b = key * 4;
        if (sums[b + 3] === 0) order[seen++] = key;
        sums[b]! += src[p]!;
        sums[b + 1]! += src[p + 1]!;
        sums[b + 2]! += src[p + 2]!;
        sums[b + 3]!++;
      }
    if (seen === 0) return null;
    let best = order[0]! * 4;
    for (let i = 1; i < seen; i++) if (sums[order[i]! * 4 + 3]! > sums[best + 3]!) best = order[i]! * 4;
    return [
      sums[best]! / sums[best + 3]!,
      sums[best + 1]! / sums[best + 3]!,
      sums[best + 2]! / sums[best + 3]!,
    ];
  };
  const bg = mode(() => true)!;
  const dist = (p: number): number =>
    Math.max(Math.abs(src[p]! - bg[0]), Math.abs(src[p + 1]! - bg[1]), Math.abs(src[p + 2]! - bg[2]));
  let strong = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) strong = Math.max(strong, dist(at(x, y)));
  if (strong < ONE_INK_MIN_STRENGTH) return null;
  const ink = mode((p) => dist(p) >= ONE_INK_SHARE * strong);
  if (!ink) return null;
  const d = [ink[0] - bg[0], ink[1] - bg[1], ink[2] - bg[2]];
  const dd = d[0]! * d[0]! + d[1]! * d[1]! + d[2]! * d[2]!;
  const data = new Uint8Array(w * h * 4);
  let changed = false;
  const [d0, d1, d2] = d as [number, number, number];
  const [b0, b1, b2] = [Math.round(bg[0]), Math.round(bg[1]), Math.round(bg[2])];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = at(x, y);
      const q = (y * w + x) * 4;
      const v0 = src[p]! - bg[0];
      const v1 = src[p + 1]! - bg[1];
      const v2 = src[p + 2]! - bg[2];
      const t = Math.min(1, Math.max(0, (v0 * d0 + v1 * d1 + v2 * d2) / dd));
      const off = Math.max(Math.abs(v0 - t * d0), Math.abs(v1 - t * d1), Math.abs(v2 - t * d2));
      // Blends of another colour with the background (an indicator line's antialiased edge)
      // are off the line by a share of their own strength, however faint.
      const keep =
        off <=
        Math.max(ONE_INK_OFF_MIN, ONE_INK_OFF_SHARE * Math.max(Math.abs(v0), Math.abs(v1), Math.abs(v2)));
      if (!keep) changed = true;
      data[q] = keep ? src[p]! : b0;
      data[q + 1] = keep ? src[p + 1]! : b1;
      data[q + 2] = keep ? src[p + 2]! : b2;
      data[q + 3] = 255;
    }
  return changed ? { width: w, height: h, data } : null;
}
