import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, REQUESTED_WITH_HEADER, apiJson } from '@/lib/api';
import { withBusyRetry } from './busy-retry';
import {
  ANALYZE_STREAM_TYPE,
  type AnalysisListDto,
  type AnalyzeStreamEvent,
  type ChartSlot,
  type IdentifyAnswerDto,
  type StoredAnalysisDto,
} from '../../../../contracts/analysis';

export const ANALYSES_KEY = ['/api/analyses'] as const;

export interface AnalyzeInput {
  accountSize: number;
  riskPercentage: number;
  chart5m: File;
  chart15m: File;
  chart4h: File;
}

/** What the client truly knows of a running analysis: upload bytes, then the server's stages. */
export type AnalyzeProgress =
  | { stage: 'uploading'; loaded: number; total: number }
  | { stage: 'checking' }
  | { stage: 'reading'; slot: ChartSlot; source: 'image' | 'data' }
  | { stage: 'analysing' }
  | { stage: 'storing' };

function parseRetryAfter(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * One POST /api/analyze with progress: XMLHttpRequest for the upload's bytes (fetch cannot
 * report them), then the server's stages as NDJSON lines (contracts ANALYZE_STREAM_TYPE) read
 * as they arrive. Resolves with the stored analysis; rejects with ApiError as apiJson would.
 */
export function postAnalysisWithProgress(
  form: FormData,
  onProgress: (progress: AnalyzeProgress) => void,
): Promise<StoredAnalysisDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/analyze');
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(REQUESTED_WITH_HEADER)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', `${ANALYZE_STREAM_TYPE}, application/problem+json;q=0.9`);
    xhr.upload.onprogress = (event) =>
      onProgress({
        stage: 'uploading',
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : 0,
      });
    // Once the last byte is sent the server is reading and checking the files (its own
    // 'checking' line comes after admission, which may wait for a thread).
    xhr.upload.onload = () => onProgress({ stage: 'checking' });
    let read = 0;
    let settled = false;
    const consume = () => {
      if (xhr.status !== 200 || settled) return;
      const text = xhr.responseText;
      for (let end = text.indexOf('\n', read); end >= 0; end = text.indexOf('\n', read)) {
        const line = text.slice(read, end).trim();
        read = end + 1;
        if (!line) continue;
        const event = JSON.parse(line) as AnalyzeStreamEvent;
        if ('done' in event) {
          settled = true;
          resolve(event.done);
        } else if ('problem' in event) {
          settled = true;
          reject(new ApiError(event.problem.status, JSON.stringify(event.problem), event.problem.title));
        } else {
          onProgress(event);
        }
      }
    };
    xhr.onprogress = consume;
    xhr.onload = () => {
      if (xhr.status === 200) {
        consume();
        if (!settled) reject(new Error('The analysis ended without an answer. Please try again.'));
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          xhr.responseText,
          xhr.statusText,
          parseRetryAfter(xhr.getResponseHeader('retry-after')),
        ),
      );
    };
    xhr.onerror = () => reject(new Error('The connection was lost. Check your connection and try again.'));
    xhr.send(form);
  });
}

/** POST /api/charts/identify: each dropped file's timeframe (and symbol), in drop order. */
export function identifyCharts(files: File[]): Promise<IdentifyAnswerDto> {
  const form = new FormData();
  for (const file of files) form.append('charts', file);
  return withBusyRetry(() => apiJson<IdentifyAnswerDto>('POST', '/api/charts/identify', form), {
    budgetMs: 10_000,
  });
}

/** How long a trader waits through "server busy" answers before seeing them (ms). */
const BUSY_RETRY_BUDGET_MS = 45_000;

/**
 * POST /api/analyze (SPEC 7): multipart with the two numbers and the three charts (screenshots
 * or data exports), with progress. A 503 (all analysis threads busy) is retried after its
 * Retry-After for up to 45 s.
 */
export function useAnalyze(onProgress: (progress: AnalyzeProgress) => void = () => {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnalyzeInput) => {
      const form = new FormData();
      form.append('accountSize', String(input.accountSize));
      form.append('riskPercentage', String(input.riskPercentage));
      form.append('chart5m', input.chart5m);
      form.append('chart15m', input.chart15m);
      form.append('chart4h', input.chart4h);
      return withBusyRetry(() => postAnalysisWithProgress(form, onProgress), {
        budgetMs: BUSY_RETRY_BUDGET_MS,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANALYSES_KEY }),
  });
}

/** The trader's past analyses, newest first; of one pair when `symbol` is given. */
export function useAnalysesList(symbol: string | null = null) {
  return useQuery<AnalysisListDto>({
    queryKey: symbol ? [...ANALYSES_KEY, { symbol }] : ANALYSES_KEY,
    queryFn: () =>
      apiJson<AnalysisListDto>(
        'GET',
        symbol ? `/api/analyses?symbol=${encodeURIComponent(symbol)}` : '/api/analyses',
      ),
  });
}

/** DELETE /api/analyses/:id: the analysis and its stored chart images. */
export function useDeleteAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/analyses/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANALYSES_KEY }),
  });
}

export const fetchAnalysis = (id: string) =>
  apiJson<StoredAnalysisDto>('GET', `/api/analyses/${encodeURIComponent(id)}`);

export const thumbnailUrl = (id: string, slot: string) =>
  `/api/analyses/${encodeURIComponent(id)}/charts/${slot}`;
