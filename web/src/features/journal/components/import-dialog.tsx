import { useId, useState, type FormEvent } from 'react';
import { Upload } from 'lucide-react';
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
import { errorDetail } from '@/lib/api';
import { formatUsd } from '../../../../../engine/instruments';
import { JOURNAL_STATEMENT_MAX_BYTES, type JournalImportPreview } from '../../../../../contracts/journal';
import { useImportStatement, usePreviewStatement } from '../api/journal-api';

/** The preview table shows this many trades; the counts above it cover them all. */
const PREVIEW_ROWS = 50;

const utc = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const signed = (n: number, digits = 2) => `${n > 0 ? '+' : ''}${n.toFixed(digits)}`;

/**
 * Import trades from a broker statement (MT4, MT5, cTrader) or the journal's own CSV: the file
 * is read on the server as a preview first (nothing written), and only "Import" writes, all or
 * nothing. The format is found from the content, so the trader just picks the file.
 */
export function ImportDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [utcOffsetHours, setUtcOffsetHours] = useState('0');
  const [accountSize, setAccountSize] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const preview = usePreviewStatement();
  const importer = useImportStatement();

  function reset() {
    setFile(null);
    setLocalError(null);
    preview.reset();
    importer.reset();
  }

  function onPreview(event: FormEvent) {
    event.preventDefault();
    importer.reset();
    if (!file) {
      setLocalError('Choose a statement file first.');
      return;
    }
    if (file.size > JOURNAL_STATEMENT_MAX_BYTES) {
      setLocalError(`The file is larger than ${JOURNAL_STATEMENT_MAX_BYTES / 1024 / 1024} MB.`);
      return;
    }
    setLocalError(null);
    preview.mutate({ file, utcOffsetHours, accountSize });
  }

  function onImport() {
    if (!file) return;
    importer.mutate(
      { file, utcOffsetHours, accountSize },
      {
        onSuccess: () => {
          setOpen(false);
          reset();
        },
      },
    );
  }

  const error =
    localError ??
    (preview.isError ? (errorDetail(preview.error) ?? 'The file could not be read.') : null) ??
    (importer.isError ? (errorDetail(importer.error) ?? 'Nothing was imported.') : null);
  const result = preview.data;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        Import Trades
      </Button>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import Trades</DialogTitle>
          <DialogDescription>
            A MetaTrader 4 report (HTML), a MetaTrader 5 history report (HTML or Excel), a cTrader history CSV
            or statement (Excel), or this journal&apos;s own CSV export. You see what will be imported before
            anything is saved.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onPreview} noValidate className="grid gap-4" aria-label="Import trades">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-file`}>Statement File</Label>
            <Input
              id={`${id}-file`}
              type="file"
              accept=".htm,.html,.xlsx,.csv,text/html,text/csv"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                preview.reset();
                importer.reset();
              }}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-offset`}>Broker Server Time (hours from UTC)</Label>
              <Input
                id={`${id}-offset`}
                type="number"
                inputMode="decimal"
                step="0.25"
                value={utcOffsetHours}
                aria-describedby={`${id}-offset-hint`}
                onChange={(e) => setUtcOffsetHours(e.target.value)}
              />
              <p id={`${id}-offset-hint`} className="text-xs text-muted-foreground">
                MetaTrader reports use the broker&apos;s clock (often +2 or +3). cTrader files say it
                themselves.
              </p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-account`}>Balance Before First Trade (optional)</Label>
              <Input
                id={`${id}-account`}
                type="number"
                inputMode="decimal"
                value={accountSize}
                aria-describedby={`${id}-account-hint`}
                onChange={(e) => setAccountSize(e.target.value)}
              />
              <p id={`${id}-account-hint`} className="text-xs text-muted-foreground">
                In the account currency; needed when the statement has no deposit row.
              </p>
            </div>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive" data-testid="import-error">
              {error}
            </p>
          ) : null}
          {result ? <PreviewSummary preview={result} /> : null}
          <DialogFooter>
            <Button type="submit" variant="outline" disabled={preview.isPending || importer.isPending}>
              {preview.isPending ? 'Reading…' : 'Preview'}
            </Button>
            <Button
              type="button"
              disabled={!result || result.toImport === 0 || importer.isPending}
              onClick={onImport}
            >
              {importer.isPending
                ? 'Importing…'
                : result
                  ? `Import ${result.toImport} Trade${result.toImport === 1 ? '' : 's'}`
                  : 'Import'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The preview table's columns in order, each with whether it holds a number (right-aligned). */
const PREVIEW_COLUMNS: readonly (readonly [label: string, numeric: boolean])[] = [
  ['Ticket', false],
  ['Symbol', false],
  ['Side', false],
  ['Lots', true],
  ['Opened (UTC)', false],
  ['Closed (UTC)', false],
  ['Entry', true],
  ['Exit', true],
  ['Costs', true],
  ['Net (USD)', true],
  ['R', true],
];

function PreviewSummary({ preview }: { preview: JournalImportPreview }) {
  return (
    <section aria-label="Import preview" className="grid gap-3 text-sm" data-testid="import-preview">
      <p>
        <strong>{preview.formatLabel}</strong>
        {preview.accountNumber ? ` · account ${preview.accountNumber}` : ''}
        {preview.accountCurrency ? ` · ${preview.accountCurrency}` : ''}
        {preview.format !== 'journal-csv' ? ` · times UTC${signed(preview.utcOffsetMinutes / 60, 0)}` : ''}
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Import counts">
        <li data-testid="preview-recognised">{preview.recognised} trades recognised</li>
        <li data-testid="preview-new">{preview.toImport} new</li>
        <li>{preview.alreadyImported} already in your journal</li>
        <li>{preview.skippedRows.length} rows skipped</li>
      </ul>
      {preview.notes.map((note) => (
        <p key={note} className="text-xs text-muted-foreground">
          {note}
        </p>
      ))}
      {preview.skippedRows.length > 0 ? (
        <details>
          <summary className="cursor-pointer">Skipped rows and why</summary>
          <ul className="mt-1 list-disc pl-5 text-xs text-muted-foreground" data-testid="preview-skipped">
            {preview.skippedRows.map((s) => (
              <li key={`${s.row}-${s.reason}`}>
                Row {s.row}: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {preview.trades.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-xs tabular-nums">
            <caption className="sr-only">Trades as they will be stored (times in UTC)</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                {PREVIEW_COLUMNS.map(([label, numeric]) => (
                  <th key={label} scope="col" className={numeric ? 'p-1 text-right' : 'p-1'}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.trades.slice(0, PREVIEW_ROWS).map((t) => (
                <tr key={t.ticket} className={t.alreadyImported ? 'text-muted-foreground line-through' : ''}>
                  <td className="p-1">
                    {t.ticket}
                    {t.partialClose ? ' (partial)' : ''}
                  </td>
                  <td className="p-1">{t.symbol}</td>
                  <td className="p-1">{t.direction}</td>
                  <td className="p-1 text-right">{t.volumeLots}</td>
                  <td className="p-1">{utc.format(new Date(t.openedAt))}</td>
                  <td className="p-1">{utc.format(new Date(t.closedAt))}</td>
                  <td className="p-1 text-right">{t.entry}</td>
                  <td className="p-1 text-right">{t.exit}</td>
                  <td className="p-1 text-right">{(t.commission + t.swap).toFixed(2)}</td>
                  <td className="p-1 text-right">{formatUsd(t.pnlUsd)}</td>
                  <td className="p-1 text-right">{t.rMultiple === null ? '—' : signed(t.rMultiple)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {preview.trades.length > PREVIEW_ROWS ? (
            <p className="mt-1 text-xs text-muted-foreground">
              The first {PREVIEW_ROWS} of {preview.trades.length} trades are shown.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
