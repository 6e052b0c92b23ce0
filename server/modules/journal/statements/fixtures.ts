/**
 * Statements this project writes itself, one per format, with every awkward case issue 21 names.
 * No broker's real file is copied: the layouts follow what the terminals write (the same
 * columns, title rows, hidden cells, encodings), the trades are invented. The tests build them
 * in memory; `npx tsx server/modules/journal/statements/write-fixtures.ts DIR` writes them to
 * disk for the browser test and for looking at.
 */

const html = (rows: string[]) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Statement</title></head><body>\n<table>\n${rows.join('\n')}\n</table></body></html>\n`;
const tr = (cells: string[]) => `<tr>${cells.join('')}</tr>`;
const td = (text: string | number, attrs = '') => `<td${attrs ? ' ' + attrs : ''}>${text}</td>`;

/**
 * MetaTrader 4 "Save as Report": a deposit (balance row), two full trades, a cancelled pending
 * order, a partial close (ticket 1004 closes 0.5 of 1.0, the rest lives on as 1005), a totals
 * row, then an "Open Trades" section that must not be imported.
 */
export function mt4Report(options: { account?: string } = {}): Uint8Array {
  const trade = (cells: (string | number)[], title = '') =>
    tr(cells.map((c, i) => (i === 0 && title ? td(c, `title="${title}"`) : td(c))));
  return new TextEncoder().encode(
    html([
      tr([
        td(`<b>Account: ${options.account ?? '2101234'}</b>`, 'colspan=2'),
        td('<b>Name: Test Trader</b>', 'colspan=5'),
        td('<b>Currency: USD</b>', 'colspan=2'),
        td('<b>Leverage: 1:100</b>', 'colspan=2'),
      ]),
      tr([td('<b>Closed Transactions:</b>', 'colspan=13')]),
      tr(
        [
          'Ticket',
          'Open Time',
          'Type',
          'Size',
          'Item',
          'Price',
          'S / L',
          'T / P',
          'Close Time',
          'Price',
          'Commission',
          'Taxes',
          'Swap',
          'Profit',
        ].map((h) => td(h)),
      ),
      tr([td(1000), td('2024.03.01 09:00:00'), td('balance'), td('Deposit', 'colspan=10'), td('10 000.00')]),
      trade([
        1001,
        '2024.03.04 10:00:00',
        'buy',
        '1.00',
        'eurusd',
        '1.08000',
        '1.07800',
        '1.08400',
        '2024.03.04 15:30:00',
        '1.08400',
        '-7.00',
        '0.00',
        '0.00',
        '400.00',
      ]),
      trade([
        1002,
        '2024.03.05 08:15:00',
        'sell',
        '0.50',
        'gbpusd',
        '1.27000',
        '1.27200',
        '1.26500',
        '2024.03.06 11:00:00',
        '1.27200',
        '-3.50',
        '-0.50',
        '-1.25',
        '-100.00',
      ]),
      tr([
        td(1003),
        td('2024.03.05 09:00:00'),
        td('buy limit'),
        td('1.00'),
        td('eurusd'),
        td('1.07000'),
        td('0.00000'),
        td('0.00000'),
        td('2024.03.06 09:00:00'),
        td('1.08100'),
        td('cancelled', 'colspan=4'),
      ]),
      trade(
        [
          1004,
          '2024.03.07 10:00:00',
          'buy',
          '0.50',
          'xauusd',
          '2 150.00',
          '2 140.00',
          '0.00',
          '2024.03.07 12:00:00',
          '2 160.00',
          '-3.00',
          '0.00',
          '0.00',
          '500.00',
        ],
        'partial close to #1005',
      ),
      trade(
        [
          1005,
          '2024.03.07 10:00:00',
          'buy',
          '0.50',
          'xauusd',
          '2 150.00',
          '2 140.00',
          '0.00',
          '2024.03.08 16:00:00',
          '2 170.00',
          '-3.00',
          '0.00',
          '-4.10',
          '1 000.00',
        ],
        'from #1004',
      ),
      tr([td('', 'colspan=10'), td('-17.00'), td('-0.50'), td('-5.35'), td('1 800.00')]),
      tr([td('<b>Open Trades:</b>', 'colspan=13')]),
      tr(
        [
          'Ticket',
          'Open Time',
          'Type',
          'Size',
          'Item',
          'Price',
          'S / L',
          'T / P',
          '',
          'Price',
          'Commission',
          'Taxes',
          'Swap',
          'Profit',
        ].map((h) => td(h)),
      ),
      trade([
        1006,
        '2024.03.09 10:00:00',
        'sell',
        '1.00',
        'usdjpy',
        '150.000',
        '151.000',
        '148.000',
        '',
        '149.500',
        '-7.00',
        '0.00',
        '0.00',
        '333.00',
      ]),
    ]),
  );
}

/** Terminal languages for the MT5 report: only the titles and headers change, buy/sell/in/out never. */
const MT5_LANGUAGES = {
  en: {
    positions: 'Positions',
    orders: 'Orders',
    deals: 'Deals',
    account: 'Account:',
    time: 'Time',
    type: 'Type',
    volume: 'Volume',
    price: 'Price',
  },
  de: {
    positions: 'Positionen',
    orders: 'Aufträge',
    deals: 'Abschlüsse',
    account: 'Konto:',
    time: 'Zeit',
    type: 'Typ',
    volume: 'Volumen',
    price: 'Preis',
  },
  ru: {
    positions: 'Позиции',
    orders: 'Ордера',
    deals: 'Сделки',
    account: 'Счет:',
    time: 'Время',
    type: 'Тип',
    volume: 'Объем',
    price: 'Цена',
  },
} as const;
export type Mt5Language = keyof typeof MT5_LANGUAGES;

/** The MT5 report's sections as rows of cells; `null` marks a hidden cell (HTML) the reader must drop. */
interface Mt5Layout {
  account: string;
  positions: (string | null)[][];
  orders: (string | null)[][];
  /** With a Position column after Order (some brokers) or without (FIFO pairing needed). */
  deals: (string | null)[][];
}

/**
 * MT5 history: EUR deposit; position 5001 EURUSD buy 1.0 closed in two halves (partial closes);
 * 5002 GBPUSD sell 0.3 closed at a loss; a close whose opening deal is before the report's
 * period; 5003 USDJPY still open at the end. Positions rows carry hidden cells between Type and
 * Volume as the terminal writes them.
 */
function mt5Layout(withPositionIds: boolean): Mt5Layout {
  const deal = (cells: string[], position: string) =>
    withPositionIds ? [...cells.slice(0, 8), position, ...cells.slice(8)] : cells;
  return {
    account: '5001234 (EUR, Demo-Server, demo, Hedge)',
    positions: [
      [
        '2024.04.01 10:00:00',
        '5001',
        'EURUSD',
        'buy',
        null,
        '1',
        '1.08000',
        '1.07500',
        '1.09000',
        '2024.04.02 12:00:00',
        '1.08600',
        '-6.00',
        '-1.50',
        '600.00',
      ],
      [
        '2024.04.03 09:30:00',
        '5002',
        'GBPUSD',
        'sell',
        null,
        '0.3',
        '1.26000',
        '1.26300',
        '0',
        '2024.04.03 17:45:00',
        '1.26300',
        '-1.80',
        '0.00',
        '-90.00',
      ],
    ],
    orders: [
      [
        '2024.04.01 10:00:00',
        '9001',
        'EURUSD',
        'buy',
        '1 / 1',
        '',
        '1.07500',
        '1.09000',
        '2024.04.01 10:00:00',
        'filled',
        '',
      ],
      [
        '2024.04.02 08:00:00',
        '9004',
        'EURUSD',
        'sell limit',
        '1 / 0',
        '1.09500',
        '0',
        '0',
        '2024.04.02 20:00:00',
        'canceled',
        '',
      ],
    ],
    deals: [
      deal(
        [
          '2024.03.31 23:00:00',
          '7000',
          '',
          'balance',
          '',
          '',
          '',
          '',
          '0.00',
          '0.00',
          '0.00',
          '5 000.00',
          '5 000.00',
          'Deposit',
        ],
        '',
      ),
      deal(
        [
          '2024.04.01 08:00:00',
          '7001',
          'AUDUSD',
          'sell',
          'out',
          '0.2',
          '0.65500',
          '8999',
          '-1.20',
          '0.00',
          '-0.40',
          '30.00',
          '5 028.40',
          '',
        ],
        '4999',
      ),
      deal(
        [
          '2024.04.01 10:00:00',
          '7002',
          'EURUSD',
          'buy',
          'in',
          '1',
          '1.08000',
          '9001',
          '-3.00',
          '0.00',
          '0.00',
          '0.00',
          '5 025.40',
          '',
        ],
        '5001',
      ),
      deal(
        [
          '2024.04.02 09:00:00',
          '7003',
          'EURUSD',
          'sell',
          'out',
          '0.5',
          '1.08400',
          '9002',
          '-1.50',
          '0.00',
          '-0.75',
          '200.00',
          '5 223.15',
          'tp1',
        ],
        '5001',
      ),
      deal(
        [
          '2024.04.02 12:00:00',
          '7004',
          'EURUSD',
          'sell',
          'out',
          '0.5',
          '1.08800',
          '9003',
          '-1.50',
          '0.00',
          '-0.75',
          '400.00',
          '5 620.90',
          '',
        ],
        '5001',
      ),
      deal(
        [
          '2024.04.03 09:30:00',
          '7005',
          'GBPUSD',
          'sell',
          'in',
          '0.3',
          '1.26000',
          '9005',
          '-0.90',
          '0.00',
          '0.00',
          '0.00',
          '5 620.00',
          '',
        ],
        '5002',
      ),
      deal(
        [
          '2024.04.03 17:45:00',
          '7006',
          'GBPUSD',
          'buy',
          'out',
          '0.3',
          '1.26300',
          '9006',
          '-0.90',
          '0.00',
          '0.00',
          '-90.00',
          '5 529.10',
          'sl',
        ],
        '5002',
      ),
      deal(
        [
          '2024.04.04 10:00:00',
          '7007',
          'USDJPY',
          'buy',
          'in',
          '0.1',
          '151.500',
          '9007',
          '-0.60',
          '0.00',
          '0.00',
          '0.00',
          '5 528.50',
          '',
        ],
        '5003',
      ),
    ],
  };
}

const hiddenCell = '<td class="hidden" colspan="8">8 hidden cells of another layout</td>';

function mt5HtmlText(
  language: Mt5Language,
  withPositionIds: boolean,
  sections: ('positions' | 'orders' | 'deals')[],
) {
  const words = MT5_LANGUAGES[language];
  const layout = mt5Layout(withPositionIds);
  const row = (cells: (string | null)[]) =>
    tr(cells.map((c) => (c === null ? hiddenCell : td(c, /^-?[\d .]+$/.test(c) ? 'class="right"' : ''))));
  const title = (text: string) =>
    tr([`<th colspan="14" style="height: 25px"><div><b>${text}</b></div></th>`]);
  const header = (n: number) =>
    tr(Array.from({ length: n }, (_, i) => `<td><b>${i % 2 ? words.price : words.time}</b></td>`));
  const rows = [
    tr([`<th colspan="14"><div><b>Trade History Report</b></div></th>`]),
    tr([td(`${words.account}`, 'colspan="3"'), td(`<b>${layout.account}</b>`, 'colspan="11"')]),
  ];
  if (sections.includes('positions'))
    rows.push(title(words.positions), header(13), ...layout.positions.map(row));
  if (sections.includes('orders')) rows.push(title(words.orders), header(11), ...layout.orders.map(row));
  if (sections.includes('deals')) rows.push(title(words.deals), header(14), ...layout.deals.map(row));
  return html(rows);
}

/** UTF-16LE with a byte-order mark, as the terminal saves its HTML report. */
export function mt5HtmlReport(
  options: {
    language?: Mt5Language;
    withPositionIds?: boolean;
    sections?: ('positions' | 'orders' | 'deals')[];
  } = {},
): Uint8Array {
  const text = mt5HtmlText(
    options.language ?? 'en',
    options.withPositionIds ?? false,
    options.sections ?? ['positions', 'orders', 'deals'],
  );
  const body = Buffer.from(text, 'utf16le');
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), body]));
}

/** The same report as the terminal's "Open XML" export: title rows are merged cells. */
export async function mt5XlsxReport(options: { language?: Mt5Language } = {}): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const words = MT5_LANGUAGES[options.language ?? 'en'];
  const layout = mt5Layout(false);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  const title = (text: string) => {
    const r = sheet.addRow([text]);
    sheet.mergeCells(r.number, 1, r.number, 14);
  };
  title('Trade History Report');
  sheet.addRow([words.account, layout.account]);
  title(words.positions);
  sheet.addRow([
    'Time',
    'Position',
    'Symbol',
    'Type',
    'Volume',
    'Price',
    'S / L',
    'T / P',
    'Time',
    'Price',
    'Commission',
    'Swap',
    'Profit',
  ]);
  for (const p of layout.positions) sheet.addRow(p.filter((c) => c !== null));
  title(words.deals);
  sheet.addRow([
    'Time',
    'Deal',
    'Symbol',
    'Type',
    'Direction',
    'Volume',
    'Price',
    'Order',
    'Commission',
    'Fee',
    'Swap',
    'Profit',
    'Balance',
    'Comment',
  ]);
  for (const d of layout.deals) sheet.addRow(d);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/**
 * cTrader History CSV: times in UTC+3 (from the header), currency USD (from "Net USD"), quantity
 * in lots, volume in units, pips; position 300 closed in two parts; a row with a broken time.
 */
export function ctraderCsv(): Uint8Array {
  const lines = [
    'Position ID,Symbol,Opening Direction,Opening Time (UTC+3),Closing Time (UTC+3),Entry Price,Closing Price,Closing Quantity,Closing Volume,Pips,Swap,Commissions,Gross USD,Net USD,Balance USD',
    '100,EURUSD,Buy,04/03/2024 12:00:00.000,04/03/2024 18:30:00.000,1.08000,1.08400,1.00 Lots,100000 EUR,40.0,0.00,-6.00,400.00,394.00,10394.00',
    '200,GBPUSD,Sell,05/03/2024 11:15:00.000,06/03/2024 14:00:00.000,1.27000,1.27200,0.50 Lots,50000 GBP,-20.0,-1.25,-3.00,-100.00,-104.25,10289.75',
    '300,XAUUSD,Buy,07/03/2024 13:00:00.000,07/03/2024 15:00:00.000,2150.00,2160.00,0.50 Lots,50 XAU,1000.0,0.00,-2.50,500.00,497.50,10787.25',
    '300,XAUUSD,Buy,07/03/2024 13:00:00.000,08/03/2024 19:00:00.000,2150.00,2170.00,0.50 Lots,50 XAU,2000.0,-4.10,-2.50,"1,000.00",993.40,11780.65',
    '400,USDJPY,Sell,not a time,08/03/2024 19:00:00.000,150.000,149.000,0.10 Lots,10000 USD,100.0,0.00,-0.60,67.11,66.51,11847.16',
  ];
  return new TextEncoder().encode(lines.join('\r\n') + '\r\n');
}

/**
 * cTrader statement as Excel, where it differs from the history CSV: an account block above the
 * table (account number, EUR deposit currency, broker, period), a title row, times as real Excel
 * dates in UTC+2 (said by the header), numbers as numbers, lots without the word "Lots", and a
 * totals row under the table. Position 700 is closed in two parts; one row has no symbol.
 */
export async function ctraderStatementXlsx(options: { account?: string } = {}): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Statement');
  // exceljs writes a Date as the wall-clock time it holds in UTC: these are the UTC+2 clock times.
  const at = (text: string) => new Date(`${text}Z`);
  sheet.addRow(['Trading statement']);
  sheet.addRow(['Account', options.account ?? '3456789']);
  sheet.addRow(['Broker', 'Example Markets Ltd']);
  sheet.addRow(['Currency', 'EUR']);
  sheet.addRow(['Period', '01/05/2024 - 31/05/2024']);
  sheet.addRow([]);
  sheet.addRow(['History']);
  sheet.addRow([
    'ID',
    'Symbol',
    'Opening Direction',
    'Opening Time (UTC+2)',
    'Closing Time (UTC+2)',
    'Entry Price',
    'Closing Price',
    'Closing Quantity',
    'Pips',
    'Swap',
    'Commissions',
    'Gross EUR',
    'Net EUR',
    'Balance EUR',
  ]);
  const rows: (string | number | Date)[][] = [
    [
      600,
      'EURUSD',
      'Buy',
      at('2024-05-06T10:00:00'),
      at('2024-05-06T16:00:00'),
      1.075,
      1.078,
      1,
      30,
      0,
      -5,
      278.5,
      273.5,
      5273.5,
    ],
    [
      700,
      'GBPUSD',
      'Sell',
      at('2024-05-07T09:00:00'),
      at('2024-05-07T12:00:00'),
      1.255,
      1.252,
      0.5,
      30,
      0,
      -2.5,
      139.2,
      136.7,
      5410.2,
    ],
    [
      700,
      'GBPUSD',
      'Sell',
      at('2024-05-07T09:00:00'),
      at('2024-05-08T12:00:00'),
      1.255,
      1.251,
      0.5,
      40,
      -1.1,
      -2.5,
      185.6,
      182,
      5592.2,
    ],
    [
      800,
      '',
      'Buy',
      at('2024-05-09T10:00:00'),
      at('2024-05-09T11:00:00'),
      1.08,
      1.079,
      0.1,
      -10,
      0,
      -0.5,
      -9.3,
      -9.8,
      5582.4,
    ],
  ];
  for (const r of rows) sheet.addRow(r);
  sheet.addRow(['', '', '', '', '', '', '', 2.1, 90, -1.1, -10.5, 594, 582.4, '']);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
