import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import type { AnalysisListDto, StoredAnalysisDto } from '../../../../contracts/analysis';

export const ANALYSES_KEY = ['/api/analyses'] as const;

export interface AnalyzeInput {
  accountSize: number;
  riskPercentage: number;
  chart5m: File;
  chart15m: File;
  chart4h: File;
}

/** POST /api/analyze (SPEC 7): multipart with the two numbers and the three screenshots. */
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
      return apiJson<StoredAnalysisDto>('POST', '/api/analyze', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANALYSES_KEY }),
  });
}

/** The trader's past analyses, newest first. */
export function useAnalysesList() {
  return useQuery<AnalysisListDto>({ queryKey: ANALYSES_KEY });
}

export const fetchAnalysis = (id: string) =>
  apiJson<StoredAnalysisDto>('GET', `/api/analyses/${encodeURIComponent(id)}`);

export const thumbnailUrl = (id: string, slot: string) =>
  `/api/analyses/${encodeURIComponent(id)}/charts/${slot}`;
