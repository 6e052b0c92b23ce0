/**
 * The analysis's warnings in a trader's words. The engine's chart-reading warnings are written
 * for checking the reader (pixels, shares of candles, fit details) and stay so in the CLI and
 * the stored result; here each known one becomes a sentence saying what it means for the plan
 * and what to do, with the engine's own text kept as its details. Unknown warnings (the plan's
 * own, already in plain words) are shown as they are.
 */
export interface WarningWords {
  /** "5m chart", when the warning is about one chart. */
  chart: string | null;
  summary: string;
  /** The technical text, for the "details" toggle; null when the summary is the whole text. */
  detail: string | null;
}

const RULES: ReadonlyArray<{ match: RegExp; say: (m: RegExpMatchArray) => string }> = [
  {
    match: /^The price axis is logarithmic\./,
    say: () =>
      'The price axis reads as logarithmic. If your chart uses a normal (linear) price scale, the prices may be off: check the reading.',
  },
  {
    match: /^The legend shows O .* which differs from the last candle read/,
    say: () =>
      "The prices in the chart's legend do not match its last candle: the legend may show a candle you pointed at. Check the reading.",
  },
  {
    match: /^The price badge \S+ does not sit where the axis puts that price\./,
    say: () => 'The price tag at the axis does not match the scale: check the reading.',
  },
  {
    match: /^(\d+) of (\d+) candles were left out/,
    say: (m) =>
      `${m[1]} candle${m[1] === '1' ? '' : 's'} looked misread and ${m[1] === '1' ? 'was' : 'were'} left out of the analysis.`,
  },
  {
    match: /^About (\d+) candles between the first and last read could not be read/,
    say: (m) =>
      `About ${m[1]} candles could not be read (something may cover them), so levels there may be missing. A clean screenshot or the chart's data export fixes it.`,
  },
  {
    match:
      /^Only \d+ % of the candles read open where the previous one closed, but most open a small gap away/,
    say: () =>
      'The candles open a little away from the last close: taken as a market that gaps between sessions (a daily index or stock). If yours does not, some candles may be misread.',
  },
  {
    match:
      /^Only \d+ % of the candles read open where the previous one closed\. Every candle was read as a separate body/,
    say: () =>
      'The candles do not join up (each opens away from the last close): taken as a market that gaps between bars. If yours does not, some candles may be misread.',
  },
  {
    match: /^Only \d+ % of the candles read open where the previous one closed/,
    say: () =>
      'Some candles may be misread: check the reading, or upload the chart’s data export for exact prices.',
  },
  {
    match: /^Some candles are 1 pixel wide/,
    say: () =>
      'The candles are too thin to tell their bodies from their wicks: zoom in on the chart for exact opens and closes.',
  },
  {
    match: /^The symbol could not be read from the chart\./,
    say: () => "The pair's name could not be read from this chart.",
  },
  {
    match: /^The timeframe could not be read from the chart\./,
    say: () => "This chart's timeframe could not be read: make sure it is the one its slot asks for.",
  },
];

/** One warning as the dashboard shows it (see WarningWords). */
export function warningWords(warning: string): WarningWords {
  const slot = /^(5m|15m|4h) chart: (.*)$/s.exec(warning);
  const chart = slot ? `${slot[1]} chart` : null;
  const text = slot ? slot[2]! : warning;
  for (const rule of RULES) {
    const m = text.match(rule.match);
    if (m) return { chart, summary: rule.say(m), detail: text };
  }
  return { chart, summary: text, detail: null };
}
