import { findInstrument, formatLots, formatUnits, formatUsd } from '../../../../../engine/instruments';
import { sizeJournalTrade } from '../../../../../engine/journal';
import {
  JOURNAL_DEFAULTS,
  journalCreateBodySchema,
  journalTradeFieldsSchema,
  type JournalCreateBody,
} from '../../../../../contracts/journal';
import type { TradePlanDto } from '../../../../../contracts/analysis';

/** What the form's inputs hold: text, as the trader types it. */
export interface TradeFormValues {
  symbol: string;
  direction: 'LONG' | 'SHORT';
  entry: string;
  stopLoss: string;
  takeProfit1: string;
  takeProfit2: string;
  accountSize: string;
  riskPercentage: string;
  notes: string;
  tags: string;
}

/** The trade plan the dashboard hands over, with the account inputs it was sized for. */
export interface PlanPrefill {
  tradePlan: Pick<
    TradePlanDto,
    'symbol' | 'direction' | 'entry' | 'stopLoss' | 'takeProfit1' | 'takeProfit2' | 'riskPercent'
  > &
    Partial<Pick<TradePlanDto, 'precision'>>;
  accountSize?: number;
  riskPercentage?: number;
  /** The stored analysis the plan came from: the entry links back to it and its charts. */
  analysisId?: string;
}

/** SPEC 5: prefilled from the trade plan when one exists; otherwise account 10000, risk 2. */
export function defaultTradeFormValues(prefill?: PlanPrefill | null): TradeFormValues {
  const plan = prefill?.tradePlan;
  const account = prefill?.accountSize ?? JOURNAL_DEFAULTS.accountSize;
  const risk = prefill?.riskPercentage ?? plan?.riskPercent ?? JOURNAL_DEFAULTS.riskPercentage;
  return {
    symbol: plan?.symbol ?? '',
    direction: plan?.direction ?? 'LONG',
    entry: plan ? String(plan.entry) : '',
    stopLoss: plan ? String(plan.stopLoss) : '',
    takeProfit1: plan ? String(plan.takeProfit1) : '',
    // A plan may leave TP2 out (no liquidity within reach): the journal field stays empty then.
    takeProfit2: plan && plan.takeProfit2 !== null ? String(plan.takeProfit2) : '',
    accountSize: String(account),
    riskPercentage: String(risk),
    notes: '',
    tags: '',
  };
}

/** The create body a trade plan becomes (the one-click "Add to Journal"). */
export function planToCreateBody(prefill: PlanPrefill): JournalCreateBody {
  const values = defaultTradeFormValues(prefill);
  return journalCreateBodySchema.parse({
    ...values,
    notes: 'Logged from a Chart-to-Plan analysis',
    tags: 'chart-to-plan',
    analysisId: prefill.analysisId,
  });
}

/** Input step of price fields: the instrument's last decimal, else SPEC's 0.00001. */
export function priceStep(symbol: string): number {
  const instrument = symbol.trim() ? findInstrument(symbol) : undefined;
  return instrument ? 10 ** -instrument.precision : JOURNAL_DEFAULTS.priceStep;
}

export interface SizingPreview {
  riskAmount: string;
  lotSize: string;
  units?: string;
  note?: string;
}

/**
 * Risk amount and lot size as the trader types (engine/journal's sizing, the same the server
 * stores). Shows what can be known: the risk amount needs only account and risk %.
 */
export function sizingPreview(values: TradeFormValues): SizingPreview {
  const account = journalTradeFieldsSchema.shape.accountSize.safeParse(values.accountSize);
  const risk = journalTradeFieldsSchema.shape.riskPercentage.safeParse(values.riskPercentage);
  const riskAmount = account.success && risk.success ? formatUsd((account.data * risk.data) / 100) : '—';
  const full = journalCreateBodySchema.safeParse(values);
  if (!full.success) {
    return {
      riskAmount,
      lotSize: '—',
      note: 'Lot size appears once symbol, entry, stop loss and take profit are valid.',
    };
  }
  const size = sizeJournalTrade(full.data);
  return {
    riskAmount: formatUsd(size.riskAmount),
    lotSize: formatLots(size.lotSize),
    units: formatUnits(size.units),
    note: !size.known
      ? `${full.data.symbol} is not in the instrument table: the lot size assumes a standard FX contract.`
      : size.approximate
        ? 'Converted to USD at a reference exchange rate: an estimate.'
        : size.lotSize === 0
          ? 'The risk is below the smallest lot (0.01) at this stop distance.'
          : undefined,
  };
}
