import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Export downloads every field as CSV. Importing it back goes through "Import Trades" (the same
 * dialog as broker statements, with the same preview), so there is one import button.
 */
export function CsvButtons() {
  return (
    <Button size="sm" variant="outline" asChild>
      <a href="/api/journal/export.csv" download>
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}
