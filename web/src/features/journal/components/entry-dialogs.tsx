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
  const [exit, setExit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const transition = useJournalTransition();
  const parsed = journalCloseBodySchema.safeParse({ exitPrice: exit });
  const stopLoss = entry.stopLoss;
  // Only trades logged here are closed with this dialog, and those always have a stop.
  const preview =
    parsed.success && stopLoss !== null
      ? realisedResult({ ...entry, stopLoss }, parsed.data.exitPrice)
      : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Exit price must be positive');
      return;
    }
    // A price far from the trade is most often a slipped decimal point: ask once.
    const far = farExitReason(entry, parsed.data.exitPrice);
    if (far && confirming === null) {
      setConfirming(far);
      return;
    }
    transition.mutate(
      { id: entry.id, action: 'close', exitPrice: parsed.data.exitPrice },
      {
        onSuccess: () => {
          onOpenChange(false);
          setExit('');
          setConfirming(null);
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
          <ExitPriceField
            inputId={`${id}-exit`}
            entry={entry}
            value={exit}
            invalid={error !== null}
            onChange={(value) => {
              setExit(value);
              setError(null);
              setConfirming(null);
            }}
            autoFocus
          >
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            {preview ? (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Result: {preview.rMultiple >= 0 ? '+' : ''}
                {preview.rMultiple.toFixed(2)}R, {preview.pnlUsd >= 0 ? '+' : '-'}$
                {Math.abs(preview.pnlUsd).toFixed(2)}
              </p>
            ) : null}
            <FarExitWarning reason={confirming} />
          </ExitPriceField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="default" disabled={transition.isPending}>
              {confirming ? 'Yes, Close at This Price' : 'Close Trade'}
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

/** The exit price input of the close and correct dialogs, with what goes under it. */
function ExitPriceField({
  inputId,
  entry,
  value,
  invalid,
  onChange,
  autoFocus,
  children,
}: {
  inputId: string;
  entry: JournalEntry;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
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
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
      />
      {children}
    </div>
  );
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
  const [exit, setExit] = useState(entry.exitPrice === null ? '' : String(entry.exitPrice));
  const [fees, setFees] = useState(entry.fees ? String(entry.fees) : '');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const update = useUpdateJournalEntry();
  const parsed = journalUpdateBodySchema.safeParse({ exitPrice: exit, fees: fees === '' ? 0 : fees });
  const stopLoss = entry.stopLoss;
  const preview =
    parsed.success && parsed.data.exitPrice !== undefined && stopLoss !== null
      ? realisedResult({ ...entry, stopLoss }, parsed.data.exitPrice)
      : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success || parsed.data.exitPrice === undefined) {
      setError(parsed.success ? 'Exit price must be positive' : (parsed.error.issues[0]?.message ?? null));
      return;
    }
    const far = farExitReason(entry, parsed.data.exitPrice);
    if (far && confirming === null) {
      setConfirming(far);
      return;
    }
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
          setExit(entry.exitPrice === null ? '' : String(entry.exitPrice));
          setFees(entry.fees ? String(entry.fees) : '');
          setError(null);
          setConfirming(null);
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
          <ExitPriceField
            inputId={`${id}-exit`}
            entry={entry}
            value={exit}
            invalid={error !== null}
            onChange={(value) => {
              setExit(value);
              setError(null);
              setConfirming(null);
            }}
          />
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
                setError(null);
              }}
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          {preview && parsed.success ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Result: {preview.rMultiple >= 0 ? '+' : ''}
              {preview.rMultiple.toFixed(2)}R, {formatSignedUsd(preview.pnlUsd - (parsed.data.fees ?? 0))}
              {parsed.data.fees ? ' after fees' : ''}
            </p>
          ) : null}
          <FarExitWarning reason={confirming} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="default" disabled={update.isPending}>
              {confirming ? 'Yes, Save This Price' : 'Save'}
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
