import {
  isMetaTraderTime,
  metaTraderTime,
  money,
  moneyOrZero,
  priceOrNull,
  statementNumber,
  type Row,
} from './cells';
import {
  StatementFormatError,
  type ParsedStatement,
  type SkippedRow,
  type StatementFormat,
  type StatementTrade,
} from './types';

/**
 * MetaTrader 5 history report (HTML or XLSX, both flattened to rows by ./cells.ts).
 *
 * Positions, Orders and Deals sit in one outer table, each introduced by a title row. The
 * titles and column headers are in the terminal's language ("Positionen", "Сделки"), so the
 * sections are recognised by the shape of their rows, never by their titles: only buy/sell and
 * in/out stay English. Hidden cells were already dropped, so columns are positional.
 */

type SectionKind = 'positions' | 'orders' | 'deals';

const SIDES = new Set(['buy', 'sell']);
const DEAL_DIRECTIONS = new Set(['in', 'out', 'in/out', 'out by']);

/** Which section a data row belongs to, from its shape alone. */
function rowKind(cells: string[]): SectionKind | 'balance' | null {
  if (cells.length < 8 || !isMetaTraderTime(cells[0]!)) return null;
  const type = cells[3]!.toLowerCase();
  if (DEAL_DIRECTIONS.has(cells[4]!.toLowerCase())) return 'deals';
  if (/^(balance|credit|deposit|withdrawal|bonus|correction|charge)/.test(type) && cells.length >= 10)
    return 'balance';
  if (cells.length >= 13 && SIDES.has(type) && isMetaTraderTime(cells[8]!)) return 'positions';
  if (cells[4]!.includes('/')) return 'orders';
  return null;
}

interface Section {
  kind: SectionKind;
  /** Data rows with their 1-based number in the report's table. */
  rows: { n: number; cells: string[] }[];
}

function sections(rows: Row[]): Section[] {
  const found: Section[] = [];
  let current: { rows: { n: number; cells: string[] }[]; kind: SectionKind | null } | null = null;
  rows.forEach((row, i) => {
    const isTitle = row.length === 1 && row[0]!.span >= 5 && row[0]!.text !== '';
    if (isTitle) {
      current = { rows: [], kind: null };
      found.push(current as unknown as Section);
      return;
    }
    if (!current) return;
    const cells = row.map((c) => c.text);
    const kind = rowKind(cells);
    if (kind === null) return;
    if (kind !== 'balance') current.kind ??= kind;
    current.rows.push({ n: i + 1, cells });
  });
  return found.filter((s) => s.kind !== null && s.rows.length > 0);
}

/** The deposit currency: the account line reads "12345678 (USD, Broker-Server, real, Hedge)". */
function depositCurrency(rows: Row[]): string | null {
  for (const row of rows.slice(0, 20)) {
    for (const cell of row) {
      const m = /\(([A-Z]{3}),/.exec(cell.text);
      if (m) return m[1]!;
    }
  }
  return null;
}

/** The account number, from the same line: "12345678 (USD, ...)". */
function accountNumberOf(rows: Row[]): string | null {
  for (const row of rows.slice(0, 20)) {
    for (const cell of row) {
      const m = /^(\d+)\s*\([A-Z]{3},/.exec(cell.text.trim());
      if (m) return m[1]!;
    }
  }
  return null;
}

interface OpenLot {
  deal: string;
  position: string | null;
  symbol: string;
  direction: 'LONG' | 'SHORT';
  time: string;
  openedAt: Date;
  price: number;
  volume: number;
  remaining: number;
  /** Commission of the opening deal per lot: shared out over the closes. */
  commissionPerLot: number;
  n: number;
}

interface PositionInfo {
  stopLoss: number | null;
  takeProfit: number | null;
}

export function parseMt5Report(
  rows: Row[],
  format: StatementFormat,
  utcOffsetMinutes: number,
): ParsedStatement {
  const all = sections(rows);
  const deals = all.find((s) => s.kind === 'deals');
  const positions = all.find((s) => s.kind === 'positions');
  if (!deals && !positions) {
    if (all.some((s) => s.kind === 'orders')) {
      throw new StatementFormatError(
        'This looks like an MT5 Orders report: it lists orders, not closed trades. In MetaTrader 5 open History, right-click -> Report -> HTML (or Open XML) to save the history report with Positions and Deals.',
      );
    }
    throw new StatementFormatError(
      'This MetaTrader 5 report has no Positions or Deals. In MetaTrader 5 open History, right-click -> Report -> HTML (or Open XML).',
    );
  }
  const currency = depositCurrency(rows);
  const time = (text: string) => metaTraderTime(text, utcOffsetMinutes);
  const skipped: SkippedRow[] = [];

  // Positions: Time, Position, Symbol, Type, Volume, Price, S/L, T/P, Time, Price, Commission, Swap, Profit.
  const positionInfo = new Map<string, PositionInfo>();
  const positionByOpen = new Map<string, string>();
  for (const { cells } of positions?.rows ?? []) {
    if (cells.length < 13) continue;
    positionInfo.set(cells[1]!, { stopLoss: priceOrNull(cells[6]!), takeProfit: priceOrNull(cells[7]!) });
    positionByOpen.set(`${cells[2]!.toUpperCase()}|${cells[0]}|${statementNumber(cells[5]!)}`, cells[1]!);
  }

  if (!deals) {
    const trades: StatementTrade[] = [];
    for (const { n, cells } of positions!.rows) {
      const openedAt = time(cells[0]!);
      const closedAt = time(cells[8]!);
      const [entry, exit, lots] = [cells[5]!, cells[9]!, cells[4]!].map(statementNumber) as [
        number,
        number,
        number,
      ];
      if (!openedAt || !closedAt || !(entry > 0) || !(exit > 0) || !(lots > 0)) {
        skipped.push({ row: n, reason: `position ${cells[1]}: time, price or volume is not readable` });
        continue;
      }
      const commission = moneyOrZero(cells[10]!);
      const swap = moneyOrZero(cells[11]!);
      const gross = moneyOrZero(cells[12]!);
      trades.push({
        brokerTicket: cells[1]!,
        symbol: cells[2]!.toUpperCase(),
        direction: cells[3]!.toLowerCase() === 'buy' ? 'LONG' : 'SHORT',
        volumeLots: lots,
        openedAt,
        closedAt,
        entry,
        exit,
        stopLoss: priceOrNull(cells[6]!),
        takeProfit: priceOrNull(cells[7]!),
        commission,
        swap,
        grossProfit: gross,
        netProfit: money(gross + commission + swap),
        pips: null,
        partialClose: false,
      });
    }
    return {
      format,
      accountCurrency: currency,
      accountNumber: accountNumberOf(rows),
      utcOffsetMinutes,
      startingBalance: null,
      trades,
      skipped,
    };
  }

  // Deals: Time, Deal, Symbol, Type, Direction, Volume, Price, Order, [Position], Commission, Fee,
  // Swap, Profit, Balance, Comment. The Position column is there when the broker writes it (one
  // cell more than the 14 of the standard layout); without it, in and out deals are paired
  // first-in first-out per symbol and side.
  const withPosition = deals.rows.some((r) => r.cells.length >= 15 && rowKind(r.cells) === 'deals');
  const at = (cells: string[], column: number) =>
    cells[withPosition && column >= 8 ? column + 1 : column] ?? '';
  const open: OpenLot[] = [];
  const trades: StatementTrade[] = [];
  let startingBalance: number | null = null;

  for (const { n, cells } of deals.rows) {
    const kind = rowKind(cells);
    const dealId = cells[1]!;
    if (kind === 'balance') {
      if (trades.length === 0 && open.length === 0) {
        startingBalance = money((startingBalance ?? 0) + moneyOrZero(at(cells, 11)));
      }
      skipped.push({ row: n, reason: `deal ${dealId}: ${cells[3]} operation, not a trade` });
      continue;
    }
    const type = cells[3]!.toLowerCase();
    const direction = cells[4]!.toLowerCase();
    const symbol = cells[2]!.toUpperCase();
    const volume = statementNumber(cells[5]!);
    const price = statementNumber(cells[6]!);
    const dealTime = time(cells[0]!);
    if (!SIDES.has(type) || !dealTime || !(volume > 0) || !(price > 0)) {
      skipped.push({ row: n, reason: `deal ${dealId}: not a readable buy or sell deal` });
      continue;
    }
    const position = withPosition ? cells[8]! || null : null;
    const commission = moneyOrZero(at(cells, 8)) + moneyOrZero(at(cells, 9));
    const swap = moneyOrZero(at(cells, 10));
    const profit = moneyOrZero(at(cells, 11));
    const side = type === 'buy' ? 'LONG' : 'SHORT';

    let closing = 0;
    if (direction === 'out' || direction === 'in/out' || direction === 'out by') {
      // A sell "out" closes a LONG; match the oldest open lots of the other side.
      const closes: 'LONG' | 'SHORT' = side === 'LONG' ? 'SHORT' : 'LONG';
      let left = volume;
      const candidates = open.filter(
        (l) =>
          l.symbol === symbol &&
          l.direction === closes &&
          l.remaining > 1e-9 &&
          (!position || l.position === position),
      );
      for (const lot of candidates) {
        if (left <= 1e-9) break;
        const take = Math.min(left, lot.remaining);
        const share = take / volume;
        lot.remaining -= take;
        left -= take;
        closing += take;
        const info =
          positionInfo.get(lot.position ?? '') ??
          positionInfo.get(positionByOpen.get(`${symbol}|${lot.time}|${lot.price}`) ?? '');
        const fees = money(lot.commissionPerLot * take + commission * share);
        const swapShare = money(swap * share);
        const gross = money(profit * share);
        trades.push({
          brokerTicket: `${lot.position ?? lot.deal}/${dealId}`,
          symbol,
          direction: closes,
          volumeLots: Math.round(take * 100) / 100,
          openedAt: lot.openedAt,
          closedAt: dealTime,
          entry: lot.price,
          exit: price,
          stopLoss: info?.stopLoss ?? null,
          takeProfit: info?.takeProfit ?? null,
          commission: fees,
          swap: swapShare,
          grossProfit: gross,
          netProfit: money(gross + fees + swapShare),
          pips: null,
          partialClose: Math.abs(take - lot.volume) > 1e-9,
        });
      }
      if (closing === 0 && direction !== 'in/out') {
        skipped.push({
          row: n,
          reason: `deal ${dealId}: closes a ${symbol} position opened before this report's period (no opening deal to pair with)`,
        });
        continue;
      }
    }
    const opening = direction === 'in' ? volume : direction === 'in/out' ? volume - closing : 0;
    if (opening > 1e-9) {
      open.push({
        deal: dealId,
        position,
        symbol,
        direction: side,
        time: cells[0]!,
        openedAt: dealTime,
        price,
        volume: opening,
        remaining: opening,
        commissionPerLot: direction === 'in' ? commission / volume : 0,
        n,
      });
    }
  }
  for (const lot of open) {
    if (lot.remaining > 1e-9) {
      skipped.push({
        row: lot.n,
        reason: `deal ${lot.deal}: ${lot.remaining.toFixed(2)} lots of ${lot.symbol} still open at the end of the report`,
      });
    }
  }
  trades.sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime());
  return {
    format,
    accountCurrency: currency,
    accountNumber: accountNumberOf(rows),
    utcOffsetMinutes,
    startingBalance,
    trades,
    skipped,
  };
}
