import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { AlertCircle, CheckCircle2, FileSpreadsheet, ImageUp } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { ChartSlot } from '../../../../../contracts/analysis';
import { ACCEPTED_CHART_FILES, fileProblem, isDataFile } from '../file-check';

export interface SlotChoice {
  file: File;
  /** Object URL of a screenshot, for its thumbnail; null for a data export. */
  preview: string | null;
  /** How the file got into this slot (from its timeframe, or by drop order), when dropped with others. */
  note?: string;
}

interface UploadZoneProps {
  slot: ChartSlot;
  /** Form field name (chart5m ...), also the input's name. */
  name: string;
  title: string;
  label: string;
  choice: SlotChoice | null;
  error?: string;
  disabled?: boolean;
  onFile(file: File): void;
  /** Several files dropped or pasted on this slot: they are placed by their timeframes. */
  onFiles(files: File[]): void;
  onReject(message: string): void;
  /** Other slots this one's chart can be swapped with. */
  onMove?(to: ChartSlot): void;
}

const SLOTS: readonly ChartSlot[] = ['5m', '15m', '4h'];

/**
 * One chart slot: click (or Enter/Space) to choose a screenshot or data export, drop one (or all
 * three) on it, or paste a screenshot while it has focus. Shows a thumbnail of the chosen image
 * (a data export: its icon), how it got there, and in place what is wrong with it.
 */
export function UploadZone({
  slot,
  name,
  title,
  label,
  choice,
  error,
  disabled,
  onFile,
  onFiles,
  onReject,
  onMove,
}: UploadZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const errorId = useId();
  const noteId = useId();

  function take(candidate: File | undefined | null) {
    if (!candidate) return;
    const problem = fileProblem(candidate, label);
    if (problem) onReject(problem);
    else onFile(candidate);
  }

  function takeAll(files: File[]) {
    if (files.length > 1) onFiles(files);
    else take(files[0]);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    // The form's own drop area (all three at once) must not take the same files again.
    event.stopPropagation();
    setDragging(false);
    if (disabled) return;
    takeAll(Array.from(event.dataTransfer.files));
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    if (disabled) return;
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    if (files.length > 1) return onFiles(files);
    const pasted = files[0]!;
    if (pasted.type.startsWith('image/')) {
      // Clipboard images are usually called image.png; name them after the slot instead.
      take(new File([pasted], `${name}-pasted.${pasted.type.split('/')[1] ?? 'png'}`, { type: pasted.type }));
    } else {
      take(pasted);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (disabled) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      inputRef.current?.click();
    }
  }

  const chosen = choice !== null;
  const data = choice ? isDataFile(choice.file) : false;
  const describedBy = [error ? errorId : null, choice?.note ? noteId : null].filter(Boolean).join(' ');
  return (
    <div
      className="grid content-start gap-1.5"
      data-testid={`slot-${slot}`}
      data-error={error ? true : undefined}
    >
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        // The name is the zone's visible text (title, then the file or the hint), so what a
        // speech-input user reads is what they can say; the error and note describe it.
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        aria-disabled={disabled || undefined}
        data-testid={`upload-${name}`}
        data-chosen={chosen || undefined}
        onClick={() => !disabled && inputRef.current?.click()}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onDragOver={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex min-h-32 cursor-pointer flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed p-3 text-center transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          chosen ? 'border-primary bg-primary/10' : 'border-input hover:border-primary/60 hover:bg-accent/40',
          dragging && 'border-primary bg-primary/15',
          error && 'border-solid border-destructive bg-destructive/10',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        {choice?.preview ? (
          <img
            src={choice.preview}
            alt=""
            className="h-16 w-full max-w-40 rounded border border-border object-cover object-right"
          />
        ) : data ? (
          // As tall as a screenshot's thumbnail, so the three slots line up.
          <span className="grid h-16 w-full max-w-40 place-items-center rounded border border-border bg-muted/40">
            <FileSpreadsheet className="size-7 text-primary" aria-hidden="true" />
          </span>
        ) : chosen ? (
          <CheckCircle2 className="size-7 text-primary" aria-hidden="true" />
        ) : (
          <ImageUp className="size-7 text-muted-foreground" aria-hidden="true" />
        )}
        <span className="flex items-center gap-1 font-semibold">
          {error && <AlertCircle className="size-4 text-destructive" aria-hidden="true" />}
          {title}
        </span>
        {chosen ? (
          <span className="max-w-full truncate text-sm text-primary" title={choice.file.name}>
            {data ? `Data: ${choice.file.name}` : choice.file.name}
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">Click, drop or paste a screenshot or CSV</span>
        )}
        {chosen && <span className="sr-only">chosen, press Enter to replace</span>}
      </div>
      {/* Outside the zone: a focusable control inside role="button" would be nested-interactive. */}
      <input
        ref={inputRef}
        type="file"
        name={name}
        accept={ACCEPTED_CHART_FILES}
        aria-label={`${title} file`}
        tabIndex={-1}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          takeAll(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {choice?.note && (
        <p id={noteId} className="text-xs text-muted-foreground" data-testid={`slot-note-${slot}`}>
          {choice.note}
        </p>
      )}
      {error && (
        // The destructive red reads at 3.7:1 on the card: a lighter red for text (4.5:1 and up).
        <p id={errorId} className="text-xs text-red-300" data-testid={`slot-error-${slot}`}>
          {error}
        </p>
      )}
      {chosen && onMove && (
        <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
          Slot
          <select
            className="h-7 w-28 rounded-md border border-input bg-background px-1.5 text-xs text-foreground"
            value={slot}
            disabled={disabled}
            data-testid={`slot-move-${slot}`}
            onChange={(event) => onMove(event.target.value as ChartSlot)}
          >
            {SLOTS.map((s) => (
              <option key={s} value={s}>
                {s === slot ? s : `${s} (swap)`}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
