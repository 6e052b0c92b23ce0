import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { GraduationCap } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorDetail } from '@/lib/api';
import { AddPlanToJournalButton } from '@/features/journal';
import type { StoredAnalysisDto, TradePlanDto } from '../../../../contracts/analysis';
import { analysisToast } from './result-headline';
import { fetchAnalysis, thumbnailUrl, useAnalyze, type AnalyzeInput, type AnalyzeProgress } from './api';
import { separateProblems, slotErrors } from './slot-assignment';
import type { ChartSlot } from '../../../../contracts/analysis';
import { CHART_SLOTS } from './format';
import { AnalysisForm } from './components/analysis-form';
import { AnnotatedCharts } from './components/annotated-chart';
import { ConceptsGuide } from './components/concepts-guide';
import { HistoryList } from './components/history-list';
import {
  AnalysisCompletePanel,
  ConfidenceBreakdown,
  KeyLevelsPanel,
  NoTradeCard,
  SetupToWatchCard,
  TimeframeCard,
  TradeIdeaCard,
} from './components/result-cards';
import { PanelTitle } from './components/panel-title';
import { PlanExportButtons } from './components/plan-exports';
import { BacktestLine } from './components/backtest-line';

/** What the journal panel (features/journal) gets to prefill its form. */
export interface JournalContext {
  symbol: string | null;
  tradePlan: TradePlanDto | null;
  accountSize: number;
  riskPercentage: number;
}

interface Shown {
  stored: StoredAnalysisDto;
  /** Screenshot per slot: object URLs of the uploads (revoked when replaced) or stored thumbnails. */
  sources: Record<string, string>;
  ownsUrls: boolean;
}

function StartHereCard() {
  return (
    <Card
      className="border-primary/40 bg-gradient-to-br from-primary/10 to-transparent"
      data-testid="start-here"
    >
      <CardHeader>
        <PanelTitle className="flex items-center gap-2">
          <GraduationCap className="size-5 text-primary" aria-hidden="true" />
          New to Chart Analysis? Start Here!
        </PanelTitle>
        <CardDescription>
          Learn how order blocks, fair value gaps and market structure work before your first analysis, then
          upload three charts of one pair (5-minute, 15-minute and 4-hour): a screenshot or the chart&apos;s
          TradingView or MetaTrader CSV export for each.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href="/learn#quick-start">Start the Quick Start Guide</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The analysis dashboard's content (SPEC 2 /home): form, results, annotated charts, key levels,
 * the journal's place, the concepts guide and the history of past analyses.
 */
export function DashboardContent({ journal }: { journal?: (context: JournalContext) => ReactNode }) {
  const [progress, setProgress] = useState<AnalyzeProgress | null>(null);
  const [failedSlots, setFailedSlots] = useState<Partial<Record<ChartSlot, string>>>();
  const analyze = useAnalyze(setProgress);
  const [shown, setShown] = useState<Shown | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // Object URLs of uploads hold the file in memory until revoked.
  useEffect(() => {
    if (!shown?.ownsUrls) return;
    return () => Object.values(shown.sources).forEach((url) => URL.revokeObjectURL(url));
  }, [shown]);

  function reveal(next: Shown) {
    setShown(next);
    // Keyboard and screen-reader users land on the result they asked for.
    requestAnimationFrame(() => resultRef.current?.focus());
  }

  function onSubmit(input: AnalyzeInput) {
    setProgress(null);
    setFailedSlots({});
    analyze.mutate(input, {
      onSuccess: (stored) => {
        const files = { '5m': input.chart5m, '15m': input.chart15m, '4h': input.chart4h };
        // A slot filled from data has no picture of its own: its stored thumbnail draws the bars.
        const fromData = (slot: ChartSlot) =>
          stored.result.timeframes.find((t) => t.timeframe === slot)?.chart.source === 'data';
        const sources = Object.fromEntries(
          CHART_SLOTS.map((slot) => [
            slot,
            fromData(slot) ? thumbnailUrl(stored.id, slot) : URL.createObjectURL(files[slot]),
          ]),
        );
        reveal({ stored, sources, ownsUrls: true });
        toast(analysisToast(stored.result));
      },
      onError: (error) => {
        // Each failing slot is marked in place with what to fix; the toast only sums it up.
        const perSlot = slotErrors(error);
        setFailedSlots(perSlot);
        const named = CHART_SLOTS.filter((slot) => perSlot[slot]);
        // Several charts each with its own problem; one problem between two charts (two pairs,
        // swapped timeframes) is said once, as the server words it.
        const several = named.length > 1 && separateProblems(error);
        toast({
          title: several ? `${named.length} Charts Need Attention` : 'Analysis Failed',
          description: several
            ? `The ${named.slice(0, -1).join(', ')} and ${named.at(-1)} charts could not be used: see each marked slot.`
            : (errorDetail(error) ?? 'Failed to analyze charts. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  async function openPast(id: string) {
    setLoadingId(id);
    try {
      const stored = await fetchAnalysis(id);
      const sources = Object.fromEntries(CHART_SLOTS.map((slot) => [slot, thumbnailUrl(id, slot)]));
      reveal({ stored, sources, ownsUrls: false });
    } catch (error) {
      toast({
        title: 'Could Not Open Analysis',
        description: errorDetail(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setLoadingId(null);
    }
  }

  const result = shown?.stored.result;
  const precision = result?.instrument.precision ?? 5;

  return (
    <div className="grid gap-6">
      {/* Form, result, history: on phones the result comes right after the form. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-1 lg:row-start-1">
          <AnalysisForm
            busy={analyze.isPending}
            onSubmit={onSubmit}
            progress={progress}
            serverErrors={failedSlots}
          />
        </div>
        <div
          ref={resultRef}
          tabIndex={-1}
          aria-label={result ? `Analysis of ${result.symbol}` : 'Analysis result'}
          className="grid content-start gap-6 focus:outline-none lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          {result ? (
            <>
              <AnalysisCompletePanel result={result} />
              {result.tradePlan ? (
                <TradeIdeaCard
                  plan={result.tradePlan}
                  current={result.currentPrice}
                  action={
                    <div className="flex flex-wrap gap-2">
                      <AddPlanToJournalButton
                        analysisId={shown.stored.id}
                        addedEntryId={shown.stored.journalEntryId ?? null}
                        tradePlan={result.tradePlan}
                        accountSize={shown.stored.accountSize}
                        riskPercentage={shown.stored.riskPercentage}
                      />
                      <PlanExportButtons result={result} />
                    </div>
                  }
                />
              ) : (
                <>
                  <NoTradeCard
                    reason={result.noTradeReason ?? 'The analysis found no trade that meets the rules.'}
                    current={result.currentPrice}
                  />
                  {result.setupToWatch && (
                    <SetupToWatchCard watch={result.setupToWatch} symbol={result.symbol} />
                  )}
                </>
              )}
              <ConfidenceBreakdown
                confidence={result.confidence}
                trackRecord={
                  <BacktestLine score={result.confidence.score} threshold={result.confidence.threshold} />
                }
              />
            </>
          ) : (
            <StartHereCard />
          )}
        </div>
        <div className="self-start lg:col-start-1 lg:row-start-2">
          <HistoryList
            currentId={shown?.stored.id ?? null}
            loadingId={loadingId}
            onOpen={openPast}
            onDeleted={(id) => setShown((current) => (current?.stored.id === id ? null : current))}
          />
        </div>
      </div>

      {result && shown && (
        <>
          <section aria-label="Timeframe analysis" className="grid gap-4 md:grid-cols-3">
            {result.timeframes.map((tf) => (
              <TimeframeCard key={tf.timeframe} tf={tf} precision={precision} />
            ))}
          </section>
          <AnnotatedCharts timeframes={result.timeframes} sources={shown.sources} />
          <KeyLevelsPanel levels={result.keyLevels} />
        </>
      )}

      {/* The Trading Journal panel (features/journal) goes here, prefilled from the plan. */}
      <div data-slot="journal-panel" className="empty:hidden">
        {journal?.({
          symbol: result?.symbol ?? null,
          tradePlan: result?.tradePlan ?? null,
          accountSize: shown?.stored.accountSize ?? 10_000,
          riskPercentage: shown?.stored.riskPercentage ?? 2,
        })}
      </div>

      <ConceptsGuide notes={result?.educationalNotes} />
    </div>
  );
}
