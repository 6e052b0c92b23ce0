/**
 * The trade plan taken to the trader's platform: the levels as plain text to paste, a TradingView
 * Pine Script v6 indicator and a MetaTrader 5 script (MQL5) that draw the entry, stop, TP1 and TP2
 * lines and the zones as boxes on the trader's own chart.
 *
 * Neither generated program could be compiled where this was written (no TradingView or MetaEditor
 * on the build machine): engine/exports/plan-exports.test.ts checks the text against committed golden
 * files, and each file's header says so. Prices are written with the instrument's own decimals,
 * strings are escaped for the target language, and nothing in the output depends on the clock, so
 * the same plan always gives the same files.
 */
import { formatPrice } from '../instruments';
import type { AnalysisResult, PlanDirection } from '../plan/types';

/** A box to draw: the setup zone, or another live 15m zone for context. */
export interface ExportZone {
  readonly label: string;
  readonly top: number;
  readonly bottom: number;
  readonly direction: 'bullish' | 'bearish';
  readonly role: 'setup' | 'context';
}

/** Everything the exports draw, taken from an analysis result with a trade plan. */
export interface ExportablePlan {
  readonly symbol: string;
  /** Decimals the platform shows for this instrument (5 for EURUSD, 3 for USDJPY). */
  readonly precision: number;
  readonly direction: PlanDirection;
  readonly entryType: 'limit' | 'market';
  readonly entry: number;
  readonly stopLoss: number;
  readonly takeProfit1: number;
  /** Null when the plan has no second target (then everything closes at TP1). */
  readonly takeProfit2: number | null;
  readonly lotSize: number;
  readonly confidence: number;
  readonly zones: readonly ExportZone[];
}

/** Context zones drawn beside the setup zone: enough to see the map, few enough to read it. */
export const MAX_CONTEXT_ZONES = 4;
/** How far back (in bars of the chart it is drawn on) the lines and boxes start. */
export const DEFAULT_LOOKBACK_BARS = 40;

const ZONE_NAMES = {
  orderBlock: 'order block',
  fvg: 'fair value gap',
  'orderBlock+fvg': 'order block + fair value gap',
} as const;

/** The levels and zones of a result's trade plan; null when the result holds no trade. */
export function exportablePlan(result: AnalysisResult): ExportablePlan | null {
  const p = result.tradePlan;
  if (!p) return null;
  const side = p.direction === 'LONG' ? 'bullish' : 'bearish';
  const fmt = (x: number) => formatPrice(x, { precision: p.precision });
  const setup: ExportZone = {
    label: `15m ${side} ${ZONE_NAMES[p.setup.zone]} ${fmt(p.setup.zoneBottom)}-${fmt(p.setup.zoneTop)} (setup)`,
    top: p.setup.zoneTop,
    bottom: p.setup.zoneBottom,
    direction: side,
    role: 'setup',
  };
  // Live context zones on the 15m chart (not invalidated or filled), nearest to the entry first.
  const m15 = result.timeframes.find((t) => t.timeframe === '15m');
  const context = (m15?.overlay.zones ?? [])
    .filter((z) => z.role === 'context' && z.status !== 'invalidated' && z.status !== 'filled')
    .map((z): ExportZone => ({
      label: z.label,
      top: z.priceTop,
      bottom: z.priceBottom,
      direction: z.direction,
      role: 'context',
    }))
    .sort(
      (a, b) =>
        Math.abs((a.top + a.bottom) / 2 - p.entry) - Math.abs((b.top + b.bottom) / 2 - p.entry) ||
        a.label.localeCompare(b.label),
    )
    .slice(0, MAX_CONTEXT_ZONES);
  return {
    symbol: p.symbol,
    precision: p.precision,
    direction: p.direction,
    entryType: p.entryType,
    entry: p.entry,
    stopLoss: p.stopLoss,
    takeProfit1: p.takeProfit1,
    takeProfit2: p.takeProfit2,
    lotSize: p.lotSize,
    confidence: p.confidence,
    zones: [setup, ...context],
  };
}

const orderWords = (p: ExportablePlan) =>
  p.entryType === 'market'
    ? p.direction === 'LONG'
      ? 'buy at market'
      : 'sell at market'
    : p.direction === 'LONG'
      ? 'buy limit'
      : 'sell limit';

/** A price as the platform shows it; refuses a non-finite number rather than print "NaN". */
function price(p: ExportablePlan, value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`A plan price is not a number (${value}).`);
  return formatPrice(value, p);
}

/** The plan's levels as plain text, one per line, to paste into a platform's order ticket or a note. */
export function levelsText(p: ExportablePlan): string {
  return [
    `${p.symbol} ${p.direction} (${orderWords(p)})`,
    `Entry: ${price(p, p.entry)}`,
    `Stop loss: ${price(p, p.stopLoss)}`,
    p.takeProfit2 === null
      ? `TP1: ${price(p, p.takeProfit1)} (close all)`
      : `TP1: ${price(p, p.takeProfit1)} (close half, stop to break-even)`,
    `TP2: ${p.takeProfit2 === null ? 'none' : price(p, p.takeProfit2)}`,
    `Lots: ${p.lotSize.toFixed(2)}`,
  ].join('\n');
}

/** "TP2 1.09020" or "no TP2" for the one-line plan summaries in the file headers. */
const tp2Words = (p: ExportablePlan) =>
  p.takeProfit2 === null ? 'no TP2' : `TP2 ${price(p, p.takeProfit2)}`;

/** A file name both platforms accept: letters, digits and underscores. */
export function exportFileName(p: ExportablePlan, extension: 'pine' | 'mq5'): string {
  const symbol = p.symbol.replace(/[^A-Za-z0-9]+/g, '_');
  return `chart_to_plan_${symbol}_${p.direction.toLowerCase()}.${extension}`;
}

/** A string literal for Pine Script or MQL5 (both take C-style double-quoted escapes). */
function quoted(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\r?\n/g, '\\n')
    // Neither language needs other control characters in a label; drop them.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '');
  return `"${escaped}"`;
}

interface Level {
  readonly id: string;
  readonly title: string;
  readonly price: number;
  readonly pine: string;
  readonly mql: string;
  readonly dashed: boolean;
}

function levelsOf(p: ExportablePlan): Level[] {
  const levels: Level[] = [
    {
      id: 'entry',
      title: `Entry ${price(p, p.entry)} (${orderWords(p)}, ${p.lotSize.toFixed(2)} lots)`,
      price: p.entry,
      pine: 'color.new(#2962FF, 0)',
      mql: 'clrDodgerBlue',
      dashed: false,
    },
    {
      id: 'stop',
      title: `Stop loss ${price(p, p.stopLoss)}`,
      price: p.stopLoss,
      pine: 'color.new(#F23645, 0)',
      mql: 'clrRed',
      dashed: false,
    },
    {
      id: 'tp1',
      title:
        p.takeProfit2 === null
          ? `TP1 ${price(p, p.takeProfit1)} (close all)`
          : `TP1 ${price(p, p.takeProfit1)} (close half, stop to break-even)`,
      price: p.takeProfit1,
      pine: 'color.new(#089981, 0)',
      mql: 'clrLimeGreen',
      dashed: true,
    },
  ];
  if (p.takeProfit2 !== null) {
    levels.push({
      id: 'tp2',
      title: `TP2 ${price(p, p.takeProfit2)}`,
      price: p.takeProfit2,
      pine: 'color.new(#089981, 0)',
      mql: 'clrSeaGreen',
      dashed: true,
    });
  }
  return levels;
}

const zoneColours = (z: ExportZone) =>
  z.direction === 'bullish'
    ? {
        pine: z.role === 'setup' ? '#089981' : '#4CAF50',
        mql: z.role === 'setup' ? "C'8,153,129'" : "C'76,175,80'",
      }
    : {
        pine: z.role === 'setup' ? '#F23645' : '#FF9800',
        mql: z.role === 'setup' ? "C'242,54,69'" : "C'255,152,0'",
      };

/**
 * A TradingView Pine Script v6 indicator drawing the plan on the last bar: a line per level
 * extended to the right with its label, and a box per zone. Re-drawn (old objects deleted) on
 * each new bar so it never piles up copies.
 */
export function pineScript(p: ExportablePlan): string {
  const levels = levelsOf(p);
  const title = `Chart-to-Plan ${p.symbol} ${p.direction}`;
  const lines: string[] = [
    '//@version=6',
    '// This Pine Script is generated by Chart-to-Plan from one trade plan. Paste it into the',
    '// TradingView Pine Editor and click "Add to chart" on a chart of the same symbol.',
    '// It was generated, not compiled: there was no TradingView where this generator was built,',
    '// so if the editor reports an error, please report it with the message.',
    `// Plan: ${p.symbol} ${p.direction}, ${orderWords(p)} ${price(p, p.entry)}, stop ${price(p, p.stopLoss)}, ` +
      `TP1 ${price(p, p.takeProfit1)}, ${tp2Words(p)}, ${p.lotSize.toFixed(2)} lots, confidence ${p.confidence}%.`,
    `indicator(${quoted(title)}, shorttitle = ${quoted(`C2P ${p.symbol}`)}, overlay = true, max_lines_count = 10, max_boxes_count = 10, max_labels_count = 10)`,
    '',
    `lookback = input.int(${DEFAULT_LOOKBACK_BARS}, "Bars back the drawing starts", minval = 1, maxval = 4000)`,
    `planSymbol = ${quoted(p.symbol)}`,
    '',
    "// The plan's prices, with the instrument's own decimals.",
    ...levels.map((l) => `${l.id}Price = ${price(p, l.price)}`),
    '',
    '// Objects kept across bars, so each new bar replaces them instead of adding copies.',
    ...levels.map((l) => `var line ${l.id}Line = na\nvar label ${l.id}Label = na`),
    ...p.zones.map((_, i) => `var box zone${i + 1} = na`),
    'var label wrongSymbol = na',
    '',
    'drawLevel(line previousLine, label previousLabel, float level, color levelColor, string lineStyle, string caption) =>',
    '    line.delete(previousLine)',
    '    label.delete(previousLabel)',
    '    newLine = line.new(math.max(0, bar_index - lookback), level, bar_index, level, extend = extend.right, color = levelColor, style = lineStyle, width = 2)',
    '    newLabel = label.new(bar_index + 3, level, caption, style = label.style_label_left, color = color.new(levelColor, 85), textcolor = levelColor, size = size.small)',
    '    [newLine, newLabel]',
    '',
    'drawZone(box previous, float top, float bottom, color zoneColor, string caption) =>',
    '    box.delete(previous)',
    '    box.new(math.max(0, bar_index - lookback), top, bar_index, bottom, border_color = color.new(zoneColor, 40), border_width = 1, extend = extend.right, bgcolor = color.new(zoneColor, 85), text = caption, text_size = size.small, text_color = zoneColor, text_halign = text.align_left)',
    '',
    'if barstate.islast',
    ...levels.map(
      (l) =>
        `    [${l.id}NewLine, ${l.id}NewLabel] = drawLevel(${l.id}Line, ${l.id}Label, ${l.id}Price, ${l.pine}, ${l.dashed ? 'line.style_dashed' : 'line.style_solid'}, ${quoted(l.title)})\n` +
        `    ${l.id}Line := ${l.id}NewLine\n` +
        `    ${l.id}Label := ${l.id}NewLabel`,
    ),
    ...p.zones.map((z, i) => {
      const c = zoneColours(z);
      return `    zone${i + 1} := drawZone(zone${i + 1}, ${price(p, Math.max(z.top, z.bottom))}, ${price(p, Math.min(z.top, z.bottom))}, color.new(${c.pine}, 0), ${quoted(z.label)})`;
    }),
    '    label.delete(wrongSymbol)',
    '    if not str.contains(syminfo.ticker, planSymbol)',
    `        wrongSymbol := label.new(bar_index, high, "This plan is for " + planSymbol + ", not " + syminfo.ticker, style = label.style_label_down, color = color.new(color.orange, 0), textcolor = color.white)`,
    '',
  ];
  return lines.join('\n');
}

/**
 * A MetaTrader 5 script (MQL5): horizontal lines with text for the levels and rectangles for the
 * zones, every object named with a prefix of its own so running a newer plan for the symbol
 * replaces the older drawing.
 */
export function mql5Script(p: ExportablePlan): string {
  const levels = levelsOf(p);
  const prefix = `C2P_${p.symbol.replace(/[^A-Za-z0-9]+/g, '_')}_`;
  const lines: string[] = [
    '//+------------------------------------------------------------------+',
    `//| Chart-to-Plan: ${p.symbol} ${p.direction} plan`,
    '//| Generated by Chart-to-Plan from one trade plan. Save it in',
    '//| MQL5/Scripts, compile it in MetaEditor (F7), then drag it onto a',
    `//| ${p.symbol} chart. Running it again replaces the drawing.`,
    '//| It was generated, not compiled: there was no MetaEditor where',
    '//| this generator was built; report any compiler message.',
    `//| Plan: ${orderWords(p)} ${price(p, p.entry)}, stop ${price(p, p.stopLoss)},`,
    `//| TP1 ${price(p, p.takeProfit1)}, ${tp2Words(p)}, ${p.lotSize.toFixed(2)} lots, confidence ${p.confidence}%.`,
    '//+------------------------------------------------------------------+',
    '#property copyright "Chart-to-Plan"',
    '#property version   "1.00"',
    '#property description "Draws one Chart-to-Plan trade plan: entry, stop, targets and zones."',
    '',
    `#define PLAN_PREFIX ${quoted(prefix)}`,
    `#define PLAN_SYMBOL ${quoted(p.symbol)}`,
    `#define LOOKBACK_BARS ${DEFAULT_LOOKBACK_BARS}`,
    '',
    'void DrawLevel(const string id, const double price, const color clr, const ENUM_LINE_STYLE style,',
    '               const string caption, const datetime labelTime)',
    '  {',
    '   const string name = PLAN_PREFIX + id;',
    '   if(!ObjectCreate(0, name, OBJ_HLINE, 0, 0, price))',
    '     {',
    '      PrintFormat("Chart-to-Plan: could not draw %s (error %d)", name, GetLastError());',
    '      return;',
    '     }',
    '   ObjectSetInteger(0, name, OBJPROP_COLOR, clr);',
    '   ObjectSetInteger(0, name, OBJPROP_STYLE, style);',
    '   // MetaTrader draws dashes only on one-pixel lines.',
    '   ObjectSetInteger(0, name, OBJPROP_WIDTH, style == STYLE_SOLID ? 2 : 1);',
    '   ObjectSetString(0, name, OBJPROP_TEXT, caption);',
    '   ObjectSetString(0, name, OBJPROP_TOOLTIP, caption);',
    '   const string text = name + "_text";',
    '   if(ObjectCreate(0, text, OBJ_TEXT, 0, labelTime, price))',
    '     {',
    '      ObjectSetString(0, text, OBJPROP_TEXT, caption);',
    '      ObjectSetInteger(0, text, OBJPROP_COLOR, clr);',
    '      ObjectSetInteger(0, text, OBJPROP_ANCHOR, ANCHOR_LEFT_LOWER);',
    '      ObjectSetInteger(0, text, OBJPROP_FONTSIZE, 8);',
    '     }',
    '  }',
    '',
    'void DrawZone(const string id, const datetime from, const double top, const datetime to,',
    '              const double bottom, const color clr, const string caption)',
    '  {',
    '   const string name = PLAN_PREFIX + id;',
    '   if(!ObjectCreate(0, name, OBJ_RECTANGLE, 0, from, top, to, bottom))',
    '     {',
    '      PrintFormat("Chart-to-Plan: could not draw %s (error %d)", name, GetLastError());',
    '      return;',
    '     }',
    '   ObjectSetInteger(0, name, OBJPROP_COLOR, clr);',
    '   ObjectSetInteger(0, name, OBJPROP_FILL, true);',
    '   ObjectSetInteger(0, name, OBJPROP_BACK, true);',
    '   ObjectSetString(0, name, OBJPROP_TEXT, caption);',
    '   ObjectSetString(0, name, OBJPROP_TOOLTIP, caption);',
    '  }',
    '',
    'void OnStart()',
    '  {',
    '   if(StringFind(_Symbol, PLAN_SYMBOL) < 0)',
    '      PrintFormat("Chart-to-Plan: this plan is for %s but the chart is %s; drawing it anyway.", PLAN_SYMBOL, _Symbol);',
    '   // A newer plan for the symbol replaces the older drawing.',
    '   ObjectsDeleteAll(0, PLAN_PREFIX);',
    '   const int available = Bars(_Symbol, _Period) - 1;',
    '   const int barsBack = available < LOOKBACK_BARS ? (available > 0 ? available : 0) : LOOKBACK_BARS;',
    '   const datetime from = iTime(_Symbol, _Period, barsBack);',
    '   const datetime to = TimeCurrent() + 20 * PeriodSeconds(_Period);',
    '   const datetime labelTime = TimeCurrent() + 2 * PeriodSeconds(_Period);',
    ...levels.map(
      (l) =>
        `   DrawLevel(${quoted(l.id)}, ${price(p, l.price)}, ${l.mql}, ${l.dashed ? 'STYLE_DASH' : 'STYLE_SOLID'}, ${quoted(l.title)}, labelTime);`,
    ),
    ...p.zones.map((z, i) => {
      const c = zoneColours(z);
      return `   DrawZone(${quoted(`zone${i + 1}`)}, from, ${price(p, Math.max(z.top, z.bottom))}, to, ${price(p, Math.min(z.top, z.bottom))}, ${c.mql}, ${quoted(z.label)});`;
    }),
    '   ChartRedraw(0);',
    '  }',
    '',
  ];
  return lines.join('\n');
}
