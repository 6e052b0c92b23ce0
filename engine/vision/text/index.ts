/**
 * Text recognition for the chart reader: axis tick labels, price badges and the legend/title.
 * Pure TypeScript (no fs/DOM): the glyph templates live in a generated TS module.
 */
export type { TitleRegion, TitleState } from './title';
export type { Rect, TextToken, TokenGlyph } from './types';
export { readText } from './read-text';
export { parsePriceLabel } from './parse-price';
export { identifyInstrument, namesHeikinAshi, namesMetaTraderPeriod } from './instrument';
export { readHeaderOhlc, readLegendOhlc } from './legend';
export {
  titleBands,
  titleRegions,
  printRegion,
  readTitleTokens,
  identifyTitle,
  identifyTitleState,
  completeTitle,
} from './title';
export { pickerRegions, pickerTimeframe } from './buttons';
export { solveAxisLabels } from './axis-solve';
