import { useId, useMemo, useState } from 'react';
import { Calculator } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatLots, formatPrice, formatUnits, INSTRUMENTS } from '../../../../../engine/instruments';
import {
  CALCULATOR_SYMBOLS,
  DEFAULT_FORM,
  calculate,
  type CalculatorField,
  type CalculatorForm,
} from '../calculator/calculator-model';

const usd = (n: number) =>
  n.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

const FIELDS: readonly {
  key: Exclude<CalculatorField, 'symbol'>;
  label: string;
  step: string;
  hint?: string;
}[] = [
  { key: 'account', label: 'Account size (USD)', step: '100' },
  { key: 'riskPercent', label: 'Risk per trade (%)', step: '0.1', hint: '0.1 to 10; 1-2% recommended' },
  { key: 'entry', label: 'Entry price', step: 'any' },
  { key: 'stop', label: 'Stop loss', step: 'any' },
  { key: 'target', label: 'Take profit (optional)', step: 'any' },
];

export function PositionSizeCalculator() {
  const [form, setForm] = useState<CalculatorForm>(DEFAULT_FORM);
  const result = useMemo(() => calculate(form), [form]);
  const id = useId();
  const set = (key: CalculatorField, value: string) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-primary/30 bg-card/60 p-4 sm:p-5"
      data-testid="position-size-calculator"
    >
      <h4 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
        <Calculator className="size-4 text-primary" aria-hidden="true" />
        Position-size calculator
      </h4>
      <p className="mt-1 text-sm text-muted-foreground">
        Uses the same sizing code as your trade plans. Change any field; the result updates as you type.
      </p>

      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-symbol`}>Instrument</Label>
          <Select value={form.symbol} onValueChange={(v) => set('symbol', v)}>
            <SelectTrigger id={`${id}-symbol`} aria-label="Instrument">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CALCULATOR_SYMBOLS.map((s) => (
                <SelectItem key={s} value={s}>
                  {s} · {INSTRUMENTS[s]?.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {FIELDS.map((f) => {
          const error = result.ok ? undefined : result.errors[f.key];
          return (
            <div key={f.key} className="space-y-1.5">
              <Label htmlFor={`${id}-${f.key}`}>{f.label}</Label>
              <Input
                id={`${id}-${f.key}`}
                name={f.key}
                type="number"
                inputMode="decimal"
                step={f.step}
                value={form[f.key]}
                onChange={(e) => set(f.key, e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${f.key}-error` : f.hint ? `${id}-${f.key}-hint` : undefined}
              />
              {error ? (
                <p id={`${id}-${f.key}-error`} className="text-xs text-bearish">
                  {error}
                </p>
              ) : (
                f.hint && (
                  <p id={`${id}-${f.key}-hint`} className="text-xs text-muted-foreground">
                    {f.hint}
                  </p>
                )
              )}
            </div>
          );
        })}
      </div>

      <div className="mt-5" aria-live="polite">
        {result.ok ? (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="calculator-result">
              <Stat
                label="Position size"
                value={formatLots(result.size.lots)}
                sub={formatUnits(result.size.units)}
                strong
              />
              <Stat label="Risk amount" value={usd(result.size.riskAmount)} />
              <Stat
                label="Stop distance"
                value={`${result.size.stopPips.toFixed(1)} pips`}
                sub={`${result.size.direction === 'long' ? 'Buy' : 'Sell'} · ${formatPrice(result.size.stopDistance, result.instrument)}`}
              />
              <Stat
                label="Pip value per lot"
                value={usd(result.size.pipValuePerLot)}
                sub={`${usd(result.size.pipValue)} for this size`}
              />
              <Stat label="Loss if stopped" value={usd(result.size.potentialLoss)} />
              <Stat label="Position value" value={usd(result.size.positionValue)} />
              {result.profitAtTarget !== null && result.rewardRisk !== null && (
                <>
                  <Stat label="Profit at target" value={usd(result.profitAtTarget)} />
                  <Stat label="Reward : risk" value={`1 : ${result.rewardRisk.toFixed(2)}`} />
                </>
              )}
            </dl>
            {result.size.belowMinimumLot && (
              <p className="mt-3 text-sm text-warning">
                Your risk is too small for even 0.01 lots at this stop distance: skip the trade or find a
                setup with a tighter stop.
              </p>
            )}
            {result.size.approximate && (
              <p className="mt-3 text-xs text-muted-foreground">
                {result.instrument.symbol} is not quoted in US dollars, so its dollar figures use an
                approximate reference rate (as of {result.size.ratesAsOf}). Your broker&apos;s calculator with
                live rates will differ slightly.
              </p>
            )}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Fix the highlighted fields to see the position size.
          </p>
        )}
      </div>
    </section>
  );
}

function Stat({
  label,
  value,
  sub,
  strong,
}: {
  label: string;
  value: string;
  sub?: string;
  strong?: boolean;
}) {
  return (
    <div className="rounded-lg border bg-background/60 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={strong ? 'text-lg font-bold text-primary' : 'font-semibold'}>{value}</dd>
      {sub && <dd className="text-xs text-muted-foreground">{sub}</dd>}
    </div>
  );
}
