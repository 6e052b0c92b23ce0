import type * as React from 'react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import {
  journalCreateBodySchema,
  TRADE_DIRECTIONS,
  type JournalCreateBody,
} from '../../../../../contracts/journal';
import { useCreateJournalEntry } from '../api/journal-api';
import {
  defaultTradeFormValues,
  priceStep,
  sizingPreview,
  type PlanPrefill,
  type TradeFormValues,
} from '../lib/trade-form';

/**
 * "Add Trade" and its dialog (SPEC Dashboard, 4, 5): react-hook-form with the contract's zod
 * schema, so the form shows exactly the server's messages. Cancel closes; a successful save
 * closes and resets the form to its (prefilled) defaults.
 */
export function AddTradeDialog({ prefill }: { prefill?: PlanPrefill | null }) {
  const [open, setOpen] = useState(false);
  const create = useCreateJournalEntry();
  const form = useForm<TradeFormValues, unknown, JournalCreateBody>({
    // The schema's input side is `unknown` (it coerces strings); the form holds the typed text.
    resolver: zodResolver(journalCreateBodySchema) as unknown as Resolver<
      TradeFormValues,
      unknown,
      JournalCreateBody
    >,
    defaultValues: defaultTradeFormValues(prefill),
  });
  const { reset } = form;

  // A new analysis brings a new plan: the form follows it (unless the dialog is open mid-edit).
  const prefillKey = prefill ? JSON.stringify(defaultTradeFormValues(prefill)) : '';
  useEffect(() => {
    if (!open) reset(defaultTradeFormValues(prefill));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefillKey]);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) reset(defaultTradeFormValues(prefill));
  }

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: () => {
        setOpen(false);
        reset(defaultTradeFormValues(prefill));
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          Add Trade
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Trade to Journal</DialogTitle>
          <DialogDescription>
            {prefill
              ? 'Prefilled from your trade plan. Adjust anything before saving.'
              : 'Log a trade you plan to take.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Add trade">
          <TradeFields form={form} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : null}
              {create.isPending ? 'Saving...' : 'Save Trade'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type Form = ReturnType<typeof useForm<TradeFormValues, unknown, JournalCreateBody>>;

function TradeFields({ form }: { form: Form }) {
  const id = useId();
  const { register, control, formState } = form;
  const values = useWatch({ control }) as TradeFormValues;
  const step = priceStep(values.symbol ?? '');
  const preview = sizingPreview(values);
  const errors = formState.errors;

  const field = (
    name: keyof TradeFormValues,
    label: string,
    props: React.ComponentProps<typeof Input> = {},
  ) => {
    const error = errors[name]?.message;
    return (
      <div className="grid gap-2">
        <Label htmlFor={`${id}-${name}`}>{label}</Label>
        <Input
          id={`${id}-${name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          {...props}
          {...register(name)}
        />
        {error ? (
          <p id={`${id}-${name}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const priceProps = { type: 'number', inputMode: 'decimal' as const, step, min: 0 };

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('symbol', 'Symbol', { placeholder: 'EURUSD', autoComplete: 'off' })}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-direction`}>Direction</Label>
          <Controller
            control={control}
            name="direction"
            render={({ field: f }) => (
              <Select value={f.value} onValueChange={f.onChange}>
                <SelectTrigger id={`${id}-direction`} onBlur={f.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TRADE_DIRECTIONS.map((d) => (
                    <SelectItem key={d} value={d}>
                      {d}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
        {field('entry', 'Entry Price', priceProps)}
        {field('stopLoss', 'Stop Loss', priceProps)}
        {field('takeProfit1', 'Take Profit 1', priceProps)}
        {field('takeProfit2', 'Take Profit 2 (optional)', priceProps)}
        {field('accountSize', 'Account Size (USD)', {
          type: 'number',
          inputMode: 'decimal',
          step: 1,
          min: 100,
        })}
        {field('riskPercentage', 'Risk %', {
          type: 'number',
          inputMode: 'decimal',
          step: 0.1,
          min: 0.1,
          max: 10,
        })}
      </div>
      <div
        className="grid grid-cols-2 gap-3 rounded-lg border bg-muted/40 p-3 text-sm"
        aria-live="polite"
        data-testid="sizing-preview"
      >
        <div>
          <div className="text-muted-foreground">Risk Amount</div>
          <div className="font-semibold tabular-nums" data-testid="risk-amount">
            {preview.riskAmount}
          </div>
        </div>
        <div>
          <div className="text-muted-foreground">Lot Size</div>
          <div className="font-semibold tabular-nums" data-testid="lot-size">
            {preview.lotSize}
            {preview.units ? (
              <span className="ml-2 text-xs font-normal text-muted-foreground">{preview.units}</span>
            ) : null}
          </div>
        </div>
        {preview.note ? <p className="col-span-2 text-xs text-muted-foreground">{preview.note}</p> : null}
      </div>
      {field('notes', 'Notes (optional)', { placeholder: 'Why this trade? What would make you exit early?' })}
      {field('tags', 'Tags (optional, comma-separated)', { placeholder: 'london, order block' })}
    </div>
  );
}
