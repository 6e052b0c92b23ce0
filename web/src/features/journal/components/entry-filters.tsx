import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { JournalView } from '../api/journal-api';

const SELECT =
  'h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** Typing waits this long before asking the server, so a symbol is not fetched letter by letter. */
const TYPING_PAUSE_MS = 300;

export type JournalFilters = Pick<JournalView, 'symbol' | 'direction' | 'outcome' | 'tag'>;

/** Symbol, direction, outcome and tag filters of the list (cards and table alike). */
export function EntryFilters({
  value,
  onChange,
}: {
  value: JournalFilters;
  onChange: (next: JournalFilters) => void;
}) {
  const id = useId();
  const [symbol, setSymbol] = useState(value.symbol ?? '');
  const [tag, setTag] = useState(value.tag ?? '');
  useEffect(() => {
    if (symbol === (value.symbol ?? '') && tag === (value.tag ?? '')) return;
    const timer = setTimeout(() => onChange({ ...value, symbol, tag }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [symbol, tag, value, onChange]);
  const any = Boolean(value.symbol || value.direction || value.outcome || value.tag);

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label="Filter trades"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...value, symbol, tag });
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-symbol`} className="text-xs">
          Symbol
        </Label>
        <Input
          id={`${id}-symbol`}
          className="h-9 w-28 uppercase placeholder:normal-case"
          value={symbol}
          placeholder="Any"
          onChange={(e) => setSymbol(e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-direction`} className="text-xs">
          Direction
        </Label>
        <select
          id={`${id}-direction`}
          className={SELECT}
          value={value.direction ?? ''}
          onChange={(e) => onChange({ ...value, direction: e.target.value as JournalFilters['direction'] })}
        >
          <option value="">Any</option>
          <option value="LONG">Long</option>
          <option value="SHORT">Short</option>
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-outcome`} className="text-xs">
          Outcome
        </Label>
        <select
          id={`${id}-outcome`}
          className={SELECT}
          value={value.outcome ?? ''}
          onChange={(e) => onChange({ ...value, outcome: e.target.value as JournalFilters['outcome'] })}
        >
          <option value="">Any</option>
          <option value="win">Win</option>
          <option value="loss">Loss</option>
          <option value="breakeven">Breakeven</option>
          <option value="open">Not closed</option>
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-tag`} className="text-xs">
          Tag
        </Label>
        <Input
          id={`${id}-tag`}
          className="h-9 w-28"
          value={tag}
          placeholder="Any"
          onChange={(e) => setTag(e.target.value)}
        />
      </div>
      {any ? (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            setSymbol('');
            setTag('');
            onChange({});
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
