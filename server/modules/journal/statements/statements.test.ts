import { describe, expect, it } from 'vitest';
import { decodeText, statementNumber } from './cells';
import { ctraderCsv, ctraderStatementXlsx, mt4Report, mt5HtmlReport, mt5XlsxReport } from './fixtures';
import { readStatement, StatementFormatError, type ParsedStatement } from './index';

async function statementOf(bytes: Uint8Array, utcOffsetMinutes = 0): Promise<ParsedStatement> {
  const read = await readStatement(bytes, { utcOffsetMinutes });
  if (read.kind !== 'statement') throw new Error(`expected a statement, got ${read.kind}`);
  return read.statement;
}

describe('MetaTrader 4 report', () => {
  it('reads Closed Transactions only, skipping the deposit and the cancelled order', async () => {
    const s = await statementOf(mt4Report());
    expect(s.format).toBe('mt4-html');
    expect(s.accountCurrency).toBe('USD');
    expect(s.startingBalance).toBe(10_000);
    expect(s.trades.map((t) => t.brokerTicket)).toEqual(['1001', '1002', '1004', '1005']);
    expect(s.skipped.map((k) => k.reason)).toEqual([
      'ticket 1000: balance operation (deposit or withdrawal), not a trade',
      'ticket 1003: buy limit order was cancelled, never filled',
    ]);
    // The open trade 1006 below "Open Trades:" is not a closed trade.
    expect(s.trades.some((t) => t.brokerTicket === '1006')).toBe(false);
  });

  it('keeps commission (with taxes), swap and gross profit apart', async () => {
    const s = await statementOf(mt4Report());
    const gbp = s.trades.find((t) => t.brokerTicket === '1002')!;
    expect(gbp).toMatchObject({
      symbol: 'GBPUSD',
      direction: 'SHORT',
      volumeLots: 0.5,
      entry: 1.27,
      exit: 1.272,
      stopLoss: 1.272,
      takeProfit: 1.265,
      commission: -4,
      swap: -1.25,
      grossProfit: -100,
      netProfit: -105.25,
      partialClose: false,
    });
  });

  it('reads "2 150.00" prices, 0 as "no target" and the partial close comment', async () => {
    const s = await statementOf(mt4Report());
    const gold = s.trades.find((t) => t.brokerTicket === '1004')!;
    expect(gold).toMatchObject({
      entry: 2150,
      exit: 2160,
      stopLoss: 2140,
      takeProfit: null,
      partialClose: true,
    });
  });

  it('turns the server time into UTC with the offset the trader gives', async () => {
    const s = await statementOf(mt4Report(), 120);
    expect(s.utcOffsetMinutes).toBe(120);
    expect(s.trades[0]!.openedAt.toISOString()).toBe('2024-03-04T08:00:00.000Z');
    expect(s.trades[0]!.closedAt.toISOString()).toBe('2024-03-04T13:30:00.000Z');
  });
});

describe('MetaTrader 5 report', () => {
  const expectedTrades = [
    {
      symbol: 'EURUSD',
      direction: 'LONG',
      volumeLots: 0.5,
      entry: 1.08,
      exit: 1.084,
      stopLoss: 1.075,
      takeProfit: 1.09,
      commission: -3, // half the opening deal's -3.00 plus the closing deal's -1.50
      swap: -0.75,
      grossProfit: 200,
      netProfit: 196.25,
      partialClose: true,
    },
    {
      symbol: 'EURUSD',
      volumeLots: 0.5,
      exit: 1.088,
      grossProfit: 400,
      netProfit: 396.25,
      partialClose: true,
    },
    {
      symbol: 'GBPUSD',
      direction: 'SHORT',
      volumeLots: 0.3,
      stopLoss: 1.263,
      takeProfit: null,
      commission: -1.8,
      grossProfit: -90,
      netProfit: -91.8,
      partialClose: false,
    },
  ];

  it('decodes the UTF-16LE file (with BOM) that other journals misread as UTF-8', () => {
    const bytes = mt5HtmlReport();
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
    expect(decodeText(bytes)).toContain('Trade History Report');
    expect(new TextDecoder('utf-8').decode(bytes)).not.toContain('Trade History Report');
  });

  it('pairs in and out deals first-in first-out when the broker leaves out the position id', async () => {
    const s = await statementOf(mt5HtmlReport());
    expect(s.format).toBe('mt5-html');
    expect(s.accountCurrency).toBe('EUR');
    expect(s.startingBalance).toBe(5000);
    expect(s.trades).toMatchObject(expectedTrades);
    expect(s.trades.map((t) => t.brokerTicket)).toEqual(['7002/7003', '7002/7004', '7005/7006']);
    expect(s.skipped.map((k) => k.reason)).toEqual([
      'deal 7000: balance operation, not a trade',
      "deal 7001: closes a AUDUSD position opened before this report's period (no opening deal to pair with)",
      'deal 7007: 0.10 lots of USDJPY still open at the end of the report',
    ]);
  });

  it('pairs by position id when the deals have one', async () => {
    const s = await statementOf(mt5HtmlReport({ withPositionIds: true }));
    expect(s.trades).toMatchObject(expectedTrades);
    expect(s.trades.map((t) => t.brokerTicket)).toEqual(['5001/7003', '5001/7004', '5002/7006']);
  });

  it.each(['de', 'ru'] as const)(
    'reads a report whose titles are in %s (buy/sell stay English)',
    async (language) => {
      const s = await statementOf(mt5HtmlReport({ language }));
      expect(s.trades).toMatchObject(expectedTrades);
    },
  );

  it('reads the Positions section alone when the report has no deals', async () => {
    const s = await statementOf(mt5HtmlReport({ sections: ['positions'] }));
    expect(s.trades.map((t) => [t.brokerTicket, t.volumeLots, t.exit, t.netProfit])).toEqual([
      ['5001', 1, 1.086, 592.5],
      ['5002', 0.3, 1.263, -91.8],
    ]);
  });

  it('names the export to use for an Orders-only report', async () => {
    await expect(readStatement(mt5HtmlReport({ sections: ['orders'] }))).rejects.toThrow(
      /looks like an MT5 Orders report.*History, right-click -> Report -> HTML/,
    );
  });

  it('reads the XLSX export (merged title cells) like the HTML', async () => {
    const s = await statementOf(await mt5XlsxReport({ language: 'de' }), 180);
    expect(s.format).toBe('mt5-xlsx');
    expect(s.accountCurrency).toBe('EUR');
    expect(s.trades).toMatchObject(expectedTrades);
    expect(s.trades[0]!.openedAt.toISOString()).toBe('2024-04-01T07:00:00.000Z');
  });
});

describe('cTrader history CSV', () => {
  it('reads direction, times with the header offset, prices, lots, costs, gross/net and pips', async () => {
    const s = await statementOf(ctraderCsv(), 999); // the header's UTC+3 wins over any given offset
    expect(s.format).toBe('ctrader-csv');
    expect(s.accountCurrency).toBe('USD');
    expect(s.utcOffsetMinutes).toBe(180);
    expect(s.trades[0]).toMatchObject({
      brokerTicket: '100#1',
      symbol: 'EURUSD',
      direction: 'LONG',
      volumeLots: 1,
      entry: 1.08,
      exit: 1.084,
      commission: -6,
      swap: 0,
      grossProfit: 400,
      netProfit: 394,
      pips: 40,
      partialClose: false,
    });
    expect(s.trades[0]!.openedAt.toISOString()).toBe('2024-03-04T09:00:00.000Z');
    expect(s.trades[1]).toMatchObject({
      direction: 'SHORT',
      swap: -1.25,
      commission: -3,
      netProfit: -104.25,
    });
  });

  it('numbers the closes of a position closed in parts', async () => {
    const s = await statementOf(ctraderCsv());
    const gold = s.trades.filter((t) => t.symbol === 'XAUUSD');
    expect(gold.map((t) => [t.brokerTicket, t.partialClose, t.grossProfit])).toEqual([
      ['300#1', true, 500],
      ['300#2', true, 1000],
    ]);
  });

  it('skips a row it cannot read, saying why', async () => {
    const s = await statementOf(ctraderCsv());
    expect(s.skipped).toEqual([{ row: 5, reason: 'symbol, times, prices or quantity not readable' }]);
  });
});

describe('cTrader statement (Excel)', () => {
  it('reads the account block, Excel dates in the header offset, numeric cells and the table under its title', async () => {
    const s = await statementOf(await ctraderStatementXlsx(), 999); // the header's UTC+2 wins
    expect(s.format).toBe('ctrader-xlsx');
    expect(s.accountNumber).toBe('3456789');
    expect(s.accountCurrency).toBe('EUR'); // from "Net EUR" (and the Currency line)
    expect(s.utcOffsetMinutes).toBe(120);
    expect(s.trades[0]).toMatchObject({
      brokerTicket: '600#1',
      symbol: 'EURUSD',
      direction: 'LONG',
      volumeLots: 1,
      entry: 1.075,
      exit: 1.078,
      commission: -5,
      swap: 0,
      grossProfit: 278.5,
      netProfit: 273.5,
      pips: 30,
      partialClose: false,
    });
    // 10:00 on the UTC+2 clock is 08:00 UTC.
    expect(s.trades[0]!.openedAt.toISOString()).toBe('2024-05-06T08:00:00.000Z');
    expect(s.trades[0]!.closedAt.toISOString()).toBe('2024-05-06T14:00:00.000Z');
  });

  it('numbers the parts of position 700, skips the row without a symbol and stops at the totals row', async () => {
    const s = await statementOf(await ctraderStatementXlsx());
    expect(
      s.trades.map((t) => [t.brokerTicket, t.direction, t.volumeLots, t.partialClose, t.netProfit]),
    ).toEqual([
      ['600#1', 'LONG', 1, false, 273.5],
      ['700#1', 'SHORT', 0.5, true, 136.7],
      ['700#2', 'SHORT', 0.5, true, 182],
    ]);
    expect(s.skipped).toEqual([{ row: 4, reason: 'symbol, times, prices or quantity not readable' }]);
  });

  it('says what is missing when the Excel file has the times but not the prices', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('S');
    sheet.addRow(['Symbol', 'Opening Time (UTC)', 'Closing Time (UTC)', 'Opening Direction']);
    sheet.addRow(['EURUSD', new Date('2024-05-06T10:00:00Z'), new Date('2024-05-06T12:00:00Z'), 'Buy']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    await expect(readStatement(bytes)).rejects.toThrow(/lacks the column\(s\) entry, exit, net/);
  });
});

describe('account numbers', () => {
  it('are read from the MT4 header and the MT5 account line; the cTrader CSV has none', async () => {
    expect((await statementOf(mt4Report({ account: '777' }))).accountNumber).toBe('777');
    expect((await statementOf(mt5HtmlReport())).accountNumber).toBe('5001234');
    expect((await statementOf(await mt5XlsxReport())).accountNumber).toBe('5001234');
    expect((await statementOf(ctraderCsv())).accountNumber).toBeNull();
  });
});

describe('format detection', () => {
  it('hands the journal export CSV back to the CSV importer', async () => {
    const read = await readStatement(new TextEncoder().encode('id,symbol,direction,entry,stopLoss\n'));
    expect(read.kind).toBe('journal-csv');
  });

  it.each([
    ['an empty file', new Uint8Array(), /file is empty/],
    [
      'a random CSV',
      new TextEncoder().encode('a,b,c\n1,2,3\n'),
      /not a statement this journal reads.*MetaTrader 4/,
    ],
    [
      'an HTML page without trades',
      new TextEncoder().encode('<html><table><tr><td>hi</td></tr></table></html>'),
      /no Positions or Deals/,
    ],
    ['a broken zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), /could not be opened/],
  ])('refuses %s with a message naming what to send', async (_name, bytes, message) => {
    const attempt = readStatement(bytes);
    await expect(attempt).rejects.toBeInstanceOf(StatementFormatError);
    await expect(readStatement(bytes)).rejects.toThrow(message);
  });

  it('reads statement numbers with spaces and commas as thousands separators', () => {
    expect(statementNumber('1 234.56')).toBe(1234.56);
    expect(statementNumber('1,000.00')).toBe(1000);
    expect(statementNumber('-0.75')).toBe(-0.75);
    expect(statementNumber('')).toBeNaN();
    expect(statementNumber('abc')).toBeNaN();
  });
});
