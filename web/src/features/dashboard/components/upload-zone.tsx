import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { CheckCircle2, ImageUp } from 'lucide-react';
import { cn } from '@/lib/utils';
import { ACCEPTED_IMAGE_TYPES, fileProblem } from '../file-check';

interface UploadZoneProps {
  /** Form field name (chart5m ...), also the input's name. */
  name: string;
  title: string;
  label: string;
  file: File | null;
  error?: string;
  disabled?: boolean;
  onFile(file: File): void;
  onReject(message: string): void;
}

/**
 * One chart slot: click (or Enter/Space) to choose a file, drop one on it, or paste a
 * screenshot from the clipboard while it has focus. Shows the file name and a check once chosen.
 */
export function UploadZone({ name, title, label, file, error, disabled, onFile, onReject }: UploadZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const errorId = useId();

  function take(candidate: File | undefined | null) {
    if (!candidate) return;
    const problem = fileProblem(candidate, label);
    if (problem) onReject(problem);
    else onFile(candidate);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    take(event.dataTransfer.files[0]);
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    if (disabled) return;
    const pasted = Array.from(event.clipboardData.files).find((f) => f.type.startsWith('image/'));
    if (pasted) {
      event.preventDefault();
      // Clipboard images are usually called image.png; name them after the slot instead.
      const named = new File([pasted], `${name}-pasted.${pasted.type.split('/')[1] ?? 'png'}`, {
        type: pasted.type,
      });
      take(named);
    } else if (event.clipboardData.files.length > 0) {
      event.preventDefault();
      onReject(`The ${label} must be a PNG, JPEG or WebP image (a screenshot of the chart).`);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (disabled) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      inputRef.current?.click();
    }
  }

  const chosen = file !== null;
  return (
    <div className="grid gap-1.5">
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        // The name is the zone's visible text (title, then the file or the hint), so what a
        // speech-input user reads is what they can say; the error is its description.
        aria-describedby={error && !chosen ? errorId : undefined}
        aria-disabled={disabled || undefined}
        data-testid={`upload-${name}`}
        data-chosen={chosen || undefined}
        onClick={() => !disabled && inputRef.current?.click()}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-4 text-center transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          chosen ? 'border-primary bg-primary/10' : 'border-input hover:border-primary/60 hover:bg-accent/40',
          dragging && 'border-primary bg-primary/15',
          error && !chosen && 'border-destructive',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        {chosen ? (
          <CheckCircle2 className="size-7 text-primary" aria-hidden="true" />
        ) : (
          <ImageUp className="size-7 text-muted-foreground" aria-hidden="true" />
        )}
        <span className="font-semibold">{title}</span>
        {chosen ? (
          <span className="max-w-full truncate text-sm text-primary" title={file.name}>
            {file.name}
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">Click, drop or paste (Ctrl+V) a screenshot</span>
        )}
        {chosen && <span className="sr-only">chosen, press Enter to replace</span>}
      </div>
      {/* Outside the zone: a focusable control inside role="button" would be nested-interactive. */}
      <input
        ref={inputRef}
        type="file"
        name={name}
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        aria-label={`${title} file`}
        tabIndex={-1}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {error && !chosen && (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
