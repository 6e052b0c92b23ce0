/**
 * What every broker-statement parser returns (issue 21): closed trades in one shape, whatever
 * the terminal. Pure data; the server turns it into journal rows (./to-entries.ts).
 */

export const STATEMENT_FORMATS = ['mt4-html', 'mt5-html', 'mt5-xlsx', 'ctrader-csv', 'ctrader-xlsx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const STATEMENT_FORMAT_LABELS: Record<StatementFormat, string> = {
  'mt4-html': 'MetaTrader 4 report (HTML)',
  'mt5-html': 'MetaTrader 5 history report (HTML)',
  'mt5-xlsx': 'MetaTrader 5 history report (Excel)',
  'ctrader-csv': 'cTrader history (CSV)',
  'ctrader-xlsx': 'cTrader statement (Excel)',
};

/** One closed trade, or one partial close of a position (each close is its own trade). */
export interface StatementTrade {
  /**
   * The broker's identity of this close, unique within the account: MT4 ticket, MT5
   * "position/closing deal", cTrader "position#n". Re-importing is deduplicated on it.
   */
  brokerTicket: string;
  symbol: string;
  direction: 'LONG' | 'SHORT';
  /** Lots closed by this trade. */
  volumeLots: number;
  /** UTC. */
  openedAt: Date;
  /** UTC. */
  closedAt: Date;
  entry: number;
  exit: number;
  /** Null when the statement has none (0 in MetaTrader means "not set"). */
  stopLoss: number | null;
  takeProfit: number | null;
  /** Account currency; negative is a cost. Taxes and fees are counted in with the commission. */
  commission: number;
  swap: number;
  /** Profit of the price move alone, before commission and swap. */
  grossProfit: number;
  /** grossProfit + commission + swap. */
  netProfit: number;
  /** Pips the trade made, when the statement gives them (cTrader). */
  pips: number | null;
  /** True when this close took only part of the position (the rest closed in another row). */
  partialClose: boolean;
}

export interface SkippedRow {
  /** 1-based row of the statement's table (or CSV data row), as a reader counts it. */
  row: number;
  reason: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  /** Deposit currency from the statement's header, when it names one. */
  accountCurrency: string | null;
  /**
   * The account number the statement names (MT4 "Account: 2101234", MT5 "5001234 (EUR, ...)",
   * the cTrader statement's header); null when it names none (cTrader's history CSV). Two
   * accounts may reuse a ticket number, so re-imports are deduplicated per account.
   */
  accountNumber: string | null;
  /**
   * Minutes the statement's times are ahead of UTC (cTrader states it in its header; MetaTrader
   * reports are in the broker's server time, which the file does not state, so the trader says).
   */
  utcOffsetMinutes: number;
  /** Balance operations (deposits, withdrawals) before the first trade: the starting balance. */
  startingBalance: number | null;
  trades: StatementTrade[];
  skipped: SkippedRow[];
}

/** A file that is not a statement we read; the message says what to export instead. */
export class StatementFormatError extends Error {
  override readonly name = 'StatementFormatError';
}
