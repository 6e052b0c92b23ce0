import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { journalEntries } from '../../db/schema';

type Row = Partial<typeof journalEntries.$inferInsert>;
const COLUMNS = getTableColumns(journalEntries);

/**
 * INSERT of many journal rows as ONE bound parameter: the rows as a JSON array, unpacked by
 * the database (json_to_recordset). Drizzle's own multi-row insert builds a parameter and a
 * type check per cell (40 columns x 100 rows = 4,000 per statement); profiling the 10,000-trade
 * bench on PGlite showed that building, and the garbage it leaves, as most of the import's time
 * on the server thread (1.6 s of 8 s CPU in drizzle's `is()` alone). Every row must have the
 * same keys (they come from one builder); on conflict (the unique broker-ticket key, two
 * imports racing) the row is left out. Returns the ids inserted.
 */
export function insertJournalRowsSql(rows: readonly Row[]): SQL {
  const keys = Object.keys(rows[0] ?? {}) as (keyof Row & keyof typeof COLUMNS)[];
  const columns = keys.map((k) => COLUMNS[k]);
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const types = sql.raw(columns.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) out[columns[i]!.name] = row[keys[i]!] ?? null;
      return out;
    }),
  );
  return sql`insert into ${journalEntries} (${names}) select ${names} from json_to_recordset(${json}::json) as r(${types}) on conflict do nothing returning "id"`;
}
