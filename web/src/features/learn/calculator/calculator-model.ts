import {
  INSTRUMENTS,
  positionSize,
  profitAt,
  type Instrument,
  type PositionSize,
} from '../../../../../engine/instruments';

// The calculator is a form around the engine's positionSize(), the same function that sizes
// the dashboard's trade plan, so what the lesson teaches and what the plan computes cannot
// drift apart. This file only validates the form (SPEC.md section 5 limits) and formats.

export interface CalculatorForm {
  readonly symbol: string;
  readonly account: string;
  readonly riskPercent: string;
  readonly entry: string;
  readonly stop: string;
  /** Optional target, to show the profit if it is reached. */
  readonly target: string;
}

export type CalculatorField = keyof CalculatorForm;

export type CalculatorResult =
  | {
      readonly ok: true;
      readonly instrument: Instrument;
      readonly size: PositionSize;
      readonly profitAtTarget: number | null;
      readonly rewardRisk: number | null;
    }
  | { readonly ok: false; readonly errors: Partial<Record<CalculatorField, string>> };

/** The instruments offered in the calculator, in the table's order (majors first). */
export const CALCULATOR_SYMBOLS: readonly string[] = Object.keys(INSTRUMENTS);

/** Starts on the lesson's worked example so the first thing the trader sees matches the text. */
export const DEFAULT_FORM: CalculatorForm = {
  symbol: 'EURUSD',
  account: '10000',
  riskPercent: '1',
  entry: '1.08400',
  stop: '1.08150',
  target: '1.08775',
};

const num = (s: string) => (s.trim() === '' ? NaN : Number(s.replace(/,/g, '')));

export function calculate(form: CalculatorForm): CalculatorResult {
  const errors: Partial<Record<CalculatorField, string>> = {};
  const instrument = INSTRUMENTS[form.symbol];
  if (!instrument) errors.symbol = 'Choose an instrument';
  const account = num(form.account);
  const risk = num(form.riskPercent);
  const entry = num(form.entry);
  const stop = num(form.stop);
  const target = form.target.trim() === '' ? null : num(form.target);

  if (!Number.isFinite(account)) errors.account = 'Enter your account size';
  else if (account < 100) errors.account = 'Account size must be at least $100';
  if (!Number.isFinite(risk)) errors.riskPercent = 'Enter the risk percentage';
  else if (risk < 0.1) errors.riskPercent = 'Risk must be at least 0.1%';
  else if (risk > 10) errors.riskPercent = 'Risk cannot exceed 10%';
  if (!(entry > 0)) errors.entry = 'Entry price must be a positive number';
  if (!(stop > 0)) errors.stop = 'Stop loss must be a positive number';
  else if (stop === entry) errors.stop = 'The stop loss must differ from the entry price';
  if (target !== null) {
    if (!(target > 0)) errors.target = 'Target must be a positive number';
    else if (entry > 0 && stop > 0 && (stop < entry ? target <= entry : target >= entry)) {
      errors.target =
        stop < entry
          ? 'For a buy the target must be above the entry'
          : 'For a sell the target must be below the entry';
    }
  }
  if (Object.keys(errors).length > 0 || !instrument) return { ok: false, errors };

  const size = positionSize({ account, riskPercent: risk, entry, stop, instrument });
  return {
    ok: true,
    instrument,
    size,
    profitAtTarget: target === null ? null : profitAt(size, entry, target),
    rewardRisk: target === null ? null : Math.abs(target - entry) / Math.abs(entry - stop),
  };
}
