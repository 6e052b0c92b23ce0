import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatPrice } from '../../../../../engine/instruments';
import { realisedResult } from '../../../../../engine/journal';
import {
  farExitReason,
  journalCloseBodySchema,
  journalUpdateBodySchema,
  type JournalEntry,
} from '../../../../../contracts/journal';
import { useDeleteJournalEntry, useJournalTransition, useUpdateJournalEntry } from '../api/journal-api';

export type EntryDialog = 'close' | 'correct' | 'edit' | 'delete' | null;

interface DialogProps {
  entry: JournalEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Close asks for the exit price and shows the R it will book before the trader confirms. */
export function CloseTradeDialog({ entry, open, onOpenChange }: DialogProps) {
  const id = useId();
  const exitPrice = useExitPrice(entry, '');
  const transition = useJournalTransition();
  const parsed = journalCloseBodySchema.safeParse({ exitPrice: exitPrice.value });
  const stopLoss = entry.stopLoss;
  // Only trades logged here are closed with this dialog, and those always have a stop.
  const preview =
    parsed.success && stopLoss !== null
      ? realisedResult({ ...entry, stopLoss }, parsed.data.exitPrice)
      : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success) {
      exitPrice.fail(parsed.error.issues[0]?.message ?? 'Exit price must be positive');
      return;
    }
    if (!exitPrice.confirmed(parsed.data.exitPrice)) return;
    transition.mutate(
      { id: entry.id, action: 'close', exitPrice: parsed.data.exitPrice },
      {
        onSuccess: () => {
          onOpenChange(false);
          exitPrice.reset('');
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Close {entry.symbol} {entry.direction}
          </DialogTitle>
          <DialogDescription>{entryAndStop(entry)}. At what price did you exit?</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Close trade">
          <ExitPriceField inputId={`${id}-exit`} entry={entry} state={exitPrice} autoFocus>
            <ExitError error={exitPrice.error} />
            {preview ? (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Result: {preview.rMultiple >= 0 ? '+' : ''}
                {preview.rMultiple.toFixed(2)}R, {formatSignedUsd(preview.pnlUsd)}
              </p>
            ) : null}
            <FarExitWarning reason={exitPrice.confirming} />
          </ExitPriceField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="default" disabled={transition.isPending}>
              {exitPrice.confirming ? 'Yes, Close at This Price' : 'Close Trade'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Entry 1.10000, stop 1.09500": what the trader is closing or correcting. */
function entryAndStop(entry: JournalEntry): string {
  const stop = entry.stopLoss !== null ? `, stop ${formatPrice(entry.stopLoss, entry.instrument)}` : '';
  return `Entry ${formatPrice(entry.entry, entry.instrument)}${stop}`;
}

/**
 * The exit price typed in the close and correct dialogs, its error, and the far-exit question:
 * a price far from the trade is most often a slipped decimal point, so it is asked about once.
 */
function useExitPrice(entry: JournalEntry, initial: string) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const reset = (next: string) => {
    setValue(next);
    setError(null);
    setConfirming(null);
  };
  return {
    value,
    error,
    confirming,
    /** A new value typed: any error or pending question is about the old one. */
    change: reset,
    reset,
    fail: setError,
    /** Whether `price` may be saved now; a far one first raises the question and answers false. */
    confirmed(price: number): boolean {
      const far = farExitReason(entry, price);
      if (far && confirming === null) {
        setConfirming(far);
        return false;
      }
      return true;
    },
  };
}

type ExitPriceState = ReturnType<typeof useExitPrice>;

/** The exit price input of the close and correct dialogs, with what goes under it. */
function ExitPriceField({
  inputId,
  entry,
  state,
  autoFocus,
  children,
}: {
  inputId: string;
  entry: JournalEntry;
  state: ExitPriceState;
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Exit Price</Label>
      <Input
        id={inputId}
        type="number"
        inputMode="decimal"
        step={10 ** -entry.instrument.precision}
        min={0}
        value={state.value}
        aria-invalid={state.error !== null || undefined}
        onChange={(e) => state.change(e.target.value)}
        autoFocus={autoFocus}
      />
      {children}
    </div>
  );
}

function ExitError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="text-sm text-destructive">
      {error}
    </p>
  ) : null;
}

/** Asks the trader to check an exit price that looks like a typo (contracts FAR_EXIT). */
function FarExitWarning({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p
      role="alert"
      data-testid="far-exit-warning"
      className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm text-foreground"
    >
      <strong>Is this exit price right?</strong> {reason} Check for a misplaced decimal point, then confirm or
      correct it.
    </p>
  );
}

/**
 * A CLOSED trade's exit price and fees corrected (PATCH). The result is settled again by the
 * server; a far exit asks for confirmation, as closing does.
 */
export function CorrectCloseDialog({ entry, open, onOpenChange }: DialogProps) {
  const id = useId();
  const storedExit = entry.exitPrice === null ? '' : String(entry.exitPrice);
  const exitPrice = useExitPrice(entry, storedExit);
  const [fees, setFees] = useState(entry.fees ? String(entry.fees) : '');
  const update = useUpdateJournalEntry();
  const parsed = journalUpdateBodySchema.safeParse({
    exitPrice: exitPrice.value,
    fees: fees === '' ? 0 : fees,
  });
  const stopLoss = entry.stopLoss;
  const preview =
    parsed.success && parsed.data.exitPrice !== undefined && stopLoss !== null
      ? realisedResult({ ...entry, stopLoss }, parsed.data.exitPrice)
      : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success || parsed.data.exitPrice === undefined) {
      exitPrice.fail(
        parsed.success
          ? 'Exit price must be positive'
          : (parsed.error.issues[0]?.message ?? 'Check the values'),
      );
      return;
    }
    if (!exitPrice.confirmed(parsed.data.exitPrice)) return;
    update.mutate(
      { id: entry.id, changes: { exitPrice: parsed.data.exitPrice, fees: parsed.data.fees ?? 0 } },
      { onSuccess: () => onOpenChange(false) },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          exitPrice.reset(storedExit);
          setFees(entry.fees ? String(entry.fees) : '');
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Correct {entry.symbol} {entry.direction}
          </DialogTitle>
          <DialogDescription>
            {entryAndStop(entry)}. Fix the exit price or add the fees you paid; the result is worked out
            again.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Correct closed trade">
          <ExitPriceField inputId={`${id}-exit`} entry={entry} state={exitPrice} />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-fees`}>Fees (USD: commission and swap paid)</Label>
            <Input
              id={`${id}-fees`}
              type="number"
              inputMode="decimal"
              step={0.01}
              min={0}
              value={fees}
              onChange={(e) => {
                setFees(e.target.value);
                exitPrice.fail(null);
              }}
            />
          </div>
          <ExitError error={exitPrice.error} />
          {preview && parsed.success ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Result: {preview.rMultiple >= 0 ? '+' : ''}
              {preview.rMultiple.toFixed(2)}R, {formatSignedUsd(preview.pnlUsd - (parsed.data.fees ?? 0))}
              {parsed.data.fees ? ' after fees' : ''}
            </p>
          ) : null}
          <FarExitWarning reason={exitPrice.confirming} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="default" disabled={update.isPending}>
              {exitPrice.confirming ? 'Yes, Save This Price' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const formatSignedUsd = (v: number) => `${v >= 0 ? '+' : '-'}$${Math.abs(v).toFixed(2)}`;

export function EditNotesDialog({ entry, open, onOpenChange }: DialogProps) {
  const id = useId();
  const [notes, setNotes] = useState(entry.notes ?? '');
  const [tags, setTags] = useState(entry.tags.join(', '));
  const update = useUpdateJournalEntry();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { id: entry.id, changes: { notes: notes.trim() === '' ? null : notes, tags } },
      { onSuccess: () => onOpenChange(false) },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setNotes(entry.notes ?? '');
          setTags(entry.tags.join(', '));
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Notes and tags: {entry.symbol} {entry.direction}
          </DialogTitle>
          <DialogDescription>What you saw, what you did, what you would change.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Edit notes and tags">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-notes`}>Notes</Label>
            <textarea
              id={`${id}-notes`}
              rows={4}
              maxLength={2000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              className="w-full rounded-md border border-input bg-background/60 px-3 py-2 text-sm shadow-sm focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-tags`}>Tags (comma-separated)</Label>
            <Input id={`${id}-tags`} value={tags} onChange={(e) => setTags(e.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteTradeDialog({ entry, open, onOpenChange }: DialogProps) {
  const remove = useDeleteJournalEntry();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this trade?</DialogTitle>
          <DialogDescription>
            {entry.symbol} {entry.direction} ({entry.status}) will be removed from your journal and
            statistics. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Keep Trade
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate(entry, { onSuccess: () => onOpenChange(false) })}
          >
            Delete Trade
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
