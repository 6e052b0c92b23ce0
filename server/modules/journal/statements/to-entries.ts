import type { JournalStatementTrade } from '../../../../contracts/journal';
import {
  fallbackInstrument,
  findInstrument,
  quoteToUsd,
  REFERENCE_RATES_AS_OF,
  REFERENCE_USD_PER_UNIT,
  type Currency,
} from '../../../../engine/instruments';
import { AppError } from '../../../http/errors';
import { yieldToEventLoop, type ImportedRow } from '../csv';
import { money } from './cells';
import type { ParsedStatement, StatementFormat, StatementTrade } from './types';

/**
 * Re-imports are deduplicated per terminal family, not per file type: the same MT5 account
 * exported once as HTML and once as XLSX has the same tickets.
 */
export const SOURCE_OF_FORMAT: Record<StatementFormat, string> = {
  'mt4-html': 'mt4',
  'mt5-html': 'mt5',
  'mt5-xlsx': 'mt5',
  'ctrader-csv': 'ctrader',
  'ctrader-xlsx': 'ctrader',
};

export interface StatementRows {
  source: string;
  rows: (ImportedRow & { brokerTicket: string })[];
  preview: Omit<JournalStatementTrade, 'alreadyImported'>[];
  notes: string[];
}

/** Trades converted between two turns of the event loop. */
const ROWS_PER_SLICE = 250;

const decimalsOf = (x: number) => {
  const text = String(x);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.min(text.length - dot - 1, 8);
};

/**
 * Statement trades -> journal rows: CLOSED trades opened and closed at the statement's UTC
 * times, sized by the lots actually traded. The journal counts money in USD (its statistics
 * compare P/L with the account size), so statement money in another deposit currency is
 * converted with the engine's dated reference rates and flagged approximate; the statement's
 * own figures are kept too. R needs the initial risk, so it is computed only when the
 * statement gives a stop on the losing side of the entry.
 */
export async function statementToRows(
  statement: ParsedStatement,
  accountSizeGiven: number | undefined,
): Promise<StatementRows> {
  const notes: string[] = [];
  const currency = statement.accountCurrency;
  let usdPerUnit = 1;
  let approximateMoney = false;
  if (currency === null) {
    notes.push('The statement does not name its deposit currency; its money is taken as US dollars.');
  } else if (currency !== 'USD') {
    const rate = REFERENCE_USD_PER_UNIT[currency as Currency];
    if (rate === undefined) {
      throw new AppError(
        422,
        'STATEMENT_CURRENCY_UNKNOWN',
        `The statement's deposit currency is ${currency}, which this journal cannot convert to US dollars yet. Accounts in USD, EUR, GBP, JPY, CHF, CAD, AUD or NZD can be imported.`,
        { title: 'Currency Not Supported' },
      );
    }
    usdPerUnit = rate;
    approximateMoney = true;
    notes.push(
      `Money is in ${currency}; the journal's USD figures use the reference rate of ${REFERENCE_RATES_AS_OF} (1 ${currency} = ${rate.toFixed(4)} USD), so they are approximate. The statement's own figures are kept with each trade.`,
    );
  }
  const start = accountSizeGiven ?? statement.startingBalance;
  if (statement.trades.length > 0 && (start === null || !(start > 0))) {
    throw new AppError(
      400,
      'ACCOUNT_SIZE_REQUIRED',
      'This statement does not show the balance before its first trade. Enter your account size (in the account currency) to import it.',
      { errors: [{ field: 'accountSize', message: 'Enter the balance before the first trade' }] },
    );
  }
  if (statement.trades.some((t) => t.stopLoss === null)) {
    notes.push('Trades without a stop loss in the statement have no R multiple; their P/L still counts.');
  }
  const source = SOURCE_OF_FORMAT[statement.format];
  const rows: StatementRows['rows'] = [];
  const preview: StatementRows['preview'] = [];
  // Trades come in close order; each one's account size is the balance before it.
  let balanceUsd = money((start ?? 0) * usdPerUnit);
  const lookup = instrumentLookup();
  const ordered = [...statement.trades].sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime());
  for (const [i, t] of ordered.entries()) {
    // Building a row is tens of microseconds on a loaded machine; thousands of them in one go
    // held the server thread for half a second, so other requests get a turn between slices.
    if (i > 0 && i % ROWS_PER_SLICE === 0) await yieldToEventLoop();
    const row = tradeRow(lookup, t, balanceUsd, usdPerUnit, approximateMoney);
    rows.push({
      ...row,
      source,
      brokerTicket: t.brokerTicket,
      sourceUtcOffsetMinutes: statement.utcOffsetMinutes,
      accountCurrency: currency,
      grossProfit: t.grossProfit,
      commission: t.commission,
      swap: t.swap,
      netProfit: t.netProfit,
      partialClose: t.partialClose,
      brokerAccount: statement.accountNumber ?? '',
    });
    preview.push({
      ticket: t.brokerTicket,
      symbol: t.symbol,
      direction: t.direction,
      volumeLots: t.volumeLots,
      openedAt: t.openedAt.toISOString(),
      closedAt: t.closedAt.toISOString(),
      entry: t.entry,
      exit: t.exit,
      stopLoss: t.stopLoss,
      takeProfit: t.takeProfit,
      commission: t.commission,
      swap: t.swap,
      grossProfit: t.grossProfit,
      netProfit: t.netProfit,
      pips: t.pips,
      partialClose: t.partialClose,
      pnlUsd: row.pnlUsd!,
      rMultiple: row.rMultiple,
    });
    balanceUsd = money(balanceUsd + row.pnlUsd!);
  }
  return { source, rows, preview, notes };
}

/**
 * A statement repeats a handful of symbols thousands of times; each is looked up once per
 * import (the cache lives as long as one statementToRows call).
 */
type InstrumentLookup = (symbol: string) => ReturnType<typeof findInstrument>;
function instrumentLookup(): InstrumentLookup {
  const cache = new Map<string, ReturnType<typeof findInstrument>>();
  return (symbol) => {
    if (!cache.has(symbol)) cache.set(symbol, findInstrument(symbol));
    return cache.get(symbol);
  };
}

function tradeRow(
  lookup: InstrumentLookup,
  t: StatementTrade,
  accountSize: number,
  usdPerUnit: number,
  approximate: boolean,
): ImportedRow {
  const known = lookup(t.symbol);
  const instrument = known ?? fallbackInstrument(t.symbol, decimalsOf(t.entry));
  const long = t.direction === 'LONG';
  // MetaTrader keeps the stop as it was at the close; one moved past the entry is no risk measure.
  const stopLoss =
    t.stopLoss !== null && (long ? t.stopLoss < t.entry : t.stopLoss > t.entry) ? t.stopLoss : null;
  const takeProfit =
    t.takeProfit !== null && (long ? t.takeProfit > t.entry : t.takeProfit < t.entry) ? t.takeProfit : null;
  const units = t.volumeLots * instrument.contractSize;
  const priceRate = quoteToUsd(instrument, t.entry);
  const riskAmount = stopLoss === null ? null : money(Math.abs(t.entry - stopLoss) * units * priceRate.rate);
  const sign = long ? 1 : -1;
  const rMultiple =
    stopLoss === null
      ? null
      : Math.round(((sign * (t.exit - t.entry)) / Math.abs(t.entry - stopLoss)) * 1e4) / 1e4;
  return {
    createdAt: t.openedAt,
    symbol: t.symbol,
    direction: t.direction,
    entry: t.entry,
    stopLoss,
    takeProfit1: takeProfit,
    takeProfit2: null,
    accountSize,
    // Two decimals, as a trader states a risk percentage.
    riskPercentage: riskAmount === null ? null : Math.round((riskAmount / accountSize) * 100 * 100) / 100,
    riskAmount,
    lotSize: t.volumeLots,
    units,
    plannedRiskReward:
      stopLoss !== null && takeProfit !== null
        ? Math.abs(takeProfit - t.entry) / Math.abs(t.entry - stopLoss)
        : null,
    instrumentSymbol: instrument.symbol,
    instrumentKnown: known !== undefined,
    pricePrecision: instrument.precision,
    sizingApproximate: approximate || priceRate.approximate,
    status: 'CLOSED',
    analysisId: null,
    brokerAccount: '',
    notes: null,
    tags: [],
    activatedAt: t.openedAt,
    exitPrice: t.exit,
    closedAt: t.closedAt,
    cancelledAt: null,
    // The net result (costs included) is what the account gained or lost.
    pnlUsd: money(t.netProfit * usdPerUnit),
    rMultiple,
  };
}
