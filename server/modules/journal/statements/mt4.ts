import { metaTraderTime, money, moneyOrZero, priceOrNull, statementNumber, type Row } from './cells';
import { StatementFormatError, type ParsedStatement, type SkippedRow, type StatementTrade } from './types';

/** MT4's "Closed Transactions" columns, in the order the terminal writes them. */
const MT4_COLUMNS = 14;

const isTitle = (row: Row) => row.length === 1 && row[0]!.span >= 5 && row[0]!.text !== '';

/**
 * MetaTrader 4 account history saved as a report (HTML): the "Closed Transactions" table.
 * Balance and credit rows are deposits/withdrawals (their sum before the first trade is the
 * starting balance); pending orders that never filled are "cancelled"; both are listed as skipped.
 */
export function parseMt4Report(rows: Row[], headerText: string, utcOffsetMinutes: number): ParsedStatement {
  const start = rows.findIndex((r) => isTitle(r) && /closed transactions/i.test(r[0]!.text));
  if (start < 0) {
    throw new StatementFormatError(
      'This MetaTrader 4 report has no "Closed Transactions" table. In MetaTrader 4 open Account History, right-click -> All History, then "Save as Report".',
    );
  }
  const currency = /Currency:\s*([A-Z]{3})\b/.exec(headerText)?.[1] ?? null;
  const accountNumber = /Account:\s*(\d+)/.exec(headerText)?.[1] ?? null;
  const trades: StatementTrade[] = [];
  const skipped: SkippedRow[] = [];
  let startingBalance: number | null = null;
  let dataRow = 0;
  for (const row of rows.slice(start + 1)) {
    if (isTitle(row)) break; // "Open Trades:", "Working Orders:", "Summary:" follow
    const first = row[0]?.text ?? '';
    if (!/^\d+$/.test(first)) continue; // the column header and the totals row
    dataRow++;
    const type = (row[2]?.text ?? '').toLowerCase();
    if (type === 'balance' || type === 'credit') {
      if (trades.length === 0)
        startingBalance = money((startingBalance ?? 0) + moneyOrZero(row.at(-1)!.text));
      skipped.push({
        row: dataRow,
        reason: `ticket ${first}: ${type} operation (deposit or withdrawal), not a trade`,
      });
      continue;
    }
    if (type !== 'buy' && type !== 'sell') {
      const cancelled = row.some((c) => /cancel/i.test(c.text));
      skipped.push({
        row: dataRow,
        reason: cancelled
          ? `ticket ${first}: ${type} order was cancelled, never filled`
          : `ticket ${first}: "${type}" is not a buy or sell trade`,
      });
      continue;
    }
    if (row.length < MT4_COLUMNS) {
      skipped.push({
        row: dataRow,
        reason: `ticket ${first}: ${row.length} columns where a trade has ${MT4_COLUMNS}`,
      });
      continue;
    }
    const [
      ,
      openTime,
      ,
      size,
      item,
      openPrice,
      sl,
      tp,
      closeTime,
      closePrice,
      commission,
      taxes,
      swap,
      profit,
    ] = row.map((c) => c.text);
    const openedAt = metaTraderTime(openTime!, utcOffsetMinutes);
    const closedAt = metaTraderTime(closeTime!, utcOffsetMinutes);
    const entry = statementNumber(openPrice!);
    const exit = statementNumber(closePrice!);
    const lots = statementNumber(size!);
    if (!openedAt || !closedAt || !(entry > 0) || !(exit > 0) || !(lots > 0)) {
      skipped.push({
        row: dataRow,
        reason: `ticket ${first}: open/close time, price or size is not readable`,
      });
      continue;
    }
    const fees = money(moneyOrZero(commission!) + moneyOrZero(taxes!));
    const gross = moneyOrZero(profit!);
    const swapMoney = moneyOrZero(swap!);
    trades.push({
      brokerTicket: first,
      symbol: item!.toUpperCase(),
      direction: type === 'buy' ? 'LONG' : 'SHORT',
      volumeLots: lots,
      openedAt,
      closedAt,
      entry,
      exit,
      stopLoss: priceOrNull(sl!),
      takeProfit: priceOrNull(tp!),
      commission: fees,
      swap: swapMoney,
      grossProfit: gross,
      netProfit: money(gross + fees + swapMoney),
      pips: null,
      // MT4 keeps the remainder of a partial close under a new ticket and says so in the comment.
      partialClose: /\bto #\d+|partial/i.test(row[0]!.title ?? ''),
    });
  }
  return {
    format: 'mt4-html',
    accountCurrency: currency,
    accountNumber,
    utcOffsetMinutes,
    startingBalance,
    trades,
    skipped,
  };
}
