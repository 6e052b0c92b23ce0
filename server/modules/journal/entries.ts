import type { JournalEntry } from '../../../contracts/journal';
import { sizeJournalTrade, type JournalTradeInput } from '../../../engine/journal';
import type { JournalEntryRow } from '../../db/schema';

/** Row -> the entry every journal endpoint answers (contracts/journal.ts). */
export function toJournalEntry(row: JournalEntryRow): JournalEntry {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    symbol: row.symbol,
    direction: row.direction as JournalEntry['direction'],
    entry: row.entry,
    stopLoss: row.stopLoss,
    takeProfit1: row.takeProfit1,
    takeProfit2: row.takeProfit2,
    accountSize: row.accountSize,
    riskPercentage: row.riskPercentage,
    riskAmount: row.riskAmount,
    lotSize: row.lotSize,
    units: row.units,
    plannedRiskReward: row.plannedRiskReward,
    instrument: {
      symbol: row.instrumentSymbol,
      known: row.instrumentKnown,
      precision: row.pricePrecision,
      approximate: row.sizingApproximate,
    },
    status: row.status as JournalEntry['status'],
    notes: row.notes,
    tags: row.tags,
    activatedAt: iso(row.activatedAt),
    exitPrice: row.exitPrice,
    closedAt: iso(row.closedAt),
    cancelledAt: iso(row.cancelledAt),
    result:
      row.pnlUsd !== null && (row.rMultiple !== null || row.source !== null)
        ? { pnlUsd: row.pnlUsd, rMultiple: row.rMultiple }
        : null,
    fees: row.fees,
    analysisId: row.analysisId,
    broker:
      row.source !== null && row.brokerTicket !== null
        ? {
            source: row.source,
            ticket: row.brokerTicket,
            utcOffsetMinutes: row.sourceUtcOffsetMinutes ?? 0,
            accountCurrency: row.accountCurrency,
            grossProfit: row.grossProfit ?? 0,
            commission: row.commission ?? 0,
            swap: row.swap ?? 0,
            netProfit: row.netProfit ?? 0,
            partialClose: row.partialClose ?? false,
            account: row.brokerAccount === '' ? null : row.brokerAccount,
          }
        : null,
  };
}

/** The sizing columns of a row, from engine/journal (the engine's instrument-aware sizing). */
export function sizingColumns(trade: JournalTradeInput) {
  const size = sizeJournalTrade(trade);
  return {
    riskAmount: size.riskAmount,
    lotSize: size.lotSize,
    units: size.units,
    plannedRiskReward: size.plannedRiskReward,
    instrumentSymbol: size.instrument.symbol,
    instrumentKnown: size.known,
    pricePrecision: size.instrument.precision,
    sizingApproximate: size.approximate,
  };
}

/** Ids are UUIDs: anything else cannot be an entry, so it is a 404 rather than a database error. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
