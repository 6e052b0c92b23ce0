import { useRef } from 'react';
import { Download, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { JOURNAL_IMPORT_MAX_BYTES } from '../../../../../contracts/journal';
import { toast } from '@/components/ui/use-toast';
import { useImportJournal } from '../api/journal-api';

/** Export downloads every field as CSV; import reads that same file back. */
export function CsvButtons() {
  const input = useRef<HTMLInputElement>(null);
  const importJournal = useImportJournal();

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > JOURNAL_IMPORT_MAX_BYTES) {
      toast({ title: 'Import Failed', description: 'The file is larger than 2 MB.', variant: 'destructive' });
      return;
    }
    importJournal.mutate(await file.text());
  }

  return (
    <div className="flex gap-2">
      <Button size="sm" variant="outline" asChild>
        <a href="/api/journal/export.csv" download>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={importJournal.isPending}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden="true" />
        Import CSV
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="hidden"
        aria-label="Journal CSV file"
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
