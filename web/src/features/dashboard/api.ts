import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { withBusyRetry } from './busy-retry';
import type { AnalysisListDto, StoredAnalysisDto } from '../../../../contracts/analysis';

export const ANALYSES_KEY = ['/api/analyses'] as const;

export interface AnalyzeInput {
  accountSize: number;
  riskPercentage: number;
  chart5m: File;
  chart15m: File;
  chart4h: File;
}

/** How long a trader waits through "server busy" answers before seeing them (ms). */
const BUSY_RETRY_BUDGET_MS = 45_000;

/**
 * POST /api/analyze (SPEC 7): multipart with the two numbers and the three screenshots. A 503
 * (all analysis threads busy) is retried after its Retry-After for up to 45 s.
 */
export function useAnalyze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnalyzeInput) => {
      const form = new FormData();
      form.append('accountSize', String(input.accountSize));
      form.append('riskPercentage', String(input.riskPercentage));
      form.append('chart5m', input.chart5m);
      form.append('chart15m', input.chart15m);
      form.append('chart4h', input.chart4h);
      return withBusyRetry(() => apiJson<StoredAnalysisDto>('POST', '/api/analyze', form), {
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
