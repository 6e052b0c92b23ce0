import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { journalEntries } from '../../db/schema';

type Row = Partial<typeof journalEntries.$inferInsert>;
const COLUMNS = getTableColumns(journalEntries);
const COLUMN_BY_NAME = new Map(Object.values(COLUMNS).map((c) => [c.name, c]));

/**
 * Journal rows as the JSON array `insertJournalJsonSql` unpacks: keyed by the database's column
 * names, every row with the same keys (they come from one builder). Pure string work, so the
 * import worker (statements/import-worker.ts) builds it off the server thread.
 */
export function journalRowsJson(rows: readonly Row[]): { columns: string[]; json: string } {
  const keys = Object.keys(rows[0] ?? {}) as (keyof Row & keyof typeof COLUMNS)[];
  const columns = keys.map((k) => COLUMNS[k].name);
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) out[columns[i]!] = row[keys[i]!] ?? null;
      return out;
    }),
  );
  return { columns, json };
}

/**
 * INSERT of many journal rows as ONE bound parameter: the rows as a JSON array, unpacked by
 * the database (json_to_recordset). Drizzle's own multi-row insert builds a parameter and a
 * type check per cell (40 columns x 100 rows = 4,000 per statement); profiling the 10,000-trade
 * bench on PGlite showed that building, and the garbage it leaves, as most of the import's time
 * on the server thread (1.6 s of 8 s CPU in drizzle's `is()` alone). On conflict (the unique
 * broker-ticket key, two imports racing; an id already taken) the row is left out. Rows whose
 * broker ticket is in `skipTickets` are left out too (already imported). Returns the ids inserted.
 */
export function insertJournalJsonSql(
  columnNames: readonly string[],
  json: string,
  skipTickets: readonly string[] = [],
): SQL {
  const columns = columnNames.map((name) => {
    const column = COLUMN_BY_NAME.get(name);
    if (!column) throw new Error(`journal_entries has no column ${name}`);
    return column;
  });
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const types = sql.raw(columns.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  const skip =
    skipTickets.length === 0
      ? sql``
      : sql` where r."broker_ticket" not in (select jsonb_array_elements_text(${JSON.stringify(skipTickets)}::jsonb))`;
  return sql`insert into ${journalEntries} (${names}) select ${names} from json_to_recordset(${json}::json) as r(${types})${skip} on conflict do nothing returning "id"`;
}

/** insertJournalJsonSql of rows built on this thread (a few dozen at a time). */
export function insertJournalRowsSql(rows: readonly Row[]): SQL {
  const { columns, json } = journalRowsJson(rows);
  return insertJournalJsonSql(columns, json);
}
