import type { TestClient } from '../../test-support/test-app';

/** POST a journal CSV to the import route as a trader's browser sends it (text/csv body). */
export const importCsv = (client: TestClient, csv: string) =>
  client.send({
    method: 'POST',
    url: '/api/journal/import',
    payload: csv,
    headers: { 'content-type': 'text/csv' },
  });
