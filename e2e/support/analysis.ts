import { expect } from 'vitest';
import type { Response } from 'playwright-core';
import type { AnalyzeStreamEvent, StoredAnalysisDto } from '../../contracts/analysis';

/**
 * The stored analysis a POST /api/analyze answered. The dashboard asks for progress, so the
 * answer is NDJSON (stages, then `{done}` or `{problem}`); a plain JSON 201 is read too.
 */
export async function storedFrom(response: Response): Promise<StoredAnalysisDto> {
  const text = await response.text();
  if (!(response.headers()['content-type'] ?? '').startsWith('application/x-ndjson')) {
    expect(response.status(), text).toBe(201);
    return JSON.parse(text) as StoredAnalysisDto;
  }
  expect(response.status()).toBe(200);
  const events = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as AnalyzeStreamEvent);
  const last = events.at(-1);
  if (!last || !('done' in last)) throw new Error(`The analysis failed: ${text.slice(-600)}`);
  return last.done;
}

/** The events of a streamed analysis answer, in order. */
export async function streamEvents(response: Response): Promise<AnalyzeStreamEvent[]> {
  return (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as AnalyzeStreamEvent);
}
