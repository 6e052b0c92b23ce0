import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ctraderCsv, ctraderStatementXlsx, mt4Report, mt5HtmlReport, mt5XlsxReport } from './fixtures';

/** Writes the self-made statements to a folder: `npx tsx server/modules/journal/statements/write-fixtures.ts DIR`. */
const dir = process.argv[2] ?? 'statement-fixtures';
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'mt4-report.htm'), mt4Report());
writeFileSync(join(dir, 'mt5-report-de.html'), mt5HtmlReport({ language: 'de' }));
writeFileSync(join(dir, 'mt5-orders-only.html'), mt5HtmlReport({ sections: ['orders'] }));
writeFileSync(join(dir, 'mt5-report.xlsx'), await mt5XlsxReport());
writeFileSync(join(dir, 'ctrader-history.csv'), ctraderCsv());
writeFileSync(join(dir, 'ctrader-statement.xlsx'), await ctraderStatementXlsx());
console.log(`statements written to ${dir}`);
