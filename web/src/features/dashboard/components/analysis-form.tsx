import { useId, useState, type FormEvent } from 'react';
import { BarChart3 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import {
  ANALYSIS_LIMITS,
  CHART_FIELDS,
  CHART_SLOT_FIELDS,
  analyzeFieldsSchema,
  type ChartSlot,
} from '../../../../../contracts/analysis';
import type { AnalyzeInput } from '../api';
import { CHART_SLOTS } from '../format';
import { UploadZone } from './upload-zone';
import { PanelTitle } from './panel-title';

const ZONE_TITLES: Record<ChartSlot, string> = {
  '5m': '5-Minute Chart',
  '15m': '15-Minute Chart',
  '4h': '4-Hour Chart',
};

type Files = Record<ChartSlot, File | null>;

interface AnalysisFormProps {
  busy: boolean;
  onSubmit(input: AnalyzeInput): void;
}

/** The upload/analysis form (SPEC 2 Dashboard, SPEC 5 Analysis form). */
export function AnalysisForm({ busy, onSubmit }: AnalysisFormProps) {
  const id = useId();
  const [accountSize, setAccountSize] = useState(String(ANALYSIS_LIMITS.accountSize.default));
  const [riskPercentage, setRiskPercentage] = useState(String(ANALYSIS_LIMITS.riskPercentage.default));
  const [files, setFiles] = useState<Files>({ '5m': null, '15m': null, '4h': null });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'accountSize' | 'riskPercentage', string>>>(
    {},
  );
  const [fileErrors, setFileErrors] = useState<Partial<Record<ChartSlot, string>>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = analyzeFieldsSchema.safeParse({
      accountSize: accountSize.trim() === '' ? undefined : accountSize,
      riskPercentage: riskPercentage.trim() === '' ? undefined : riskPercentage,
    });
    const errors: typeof fieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'accountSize' | 'riskPercentage';
        errors[key] ??= issue.message;
      }
    }
    setFieldErrors(errors);
    const missing = CHART_SLOTS.filter((slot) => !files[slot]);
    setFileErrors(
      Object.fromEntries(missing.map((slot) => [slot, CHART_FIELDS[CHART_SLOT_FIELDS[slot]].required])),
    );
    if (missing.length > 0) {
      toast({
        title: 'Missing Files',
        description: 'Please upload all three chart screenshots.',
        variant: 'destructive',
      });
      return;
    }
    if (!parsed.success) {
      const first = Object.values(errors)[0];
      toast({ title: 'Check the Form', description: first, variant: 'destructive' });
      return;
    }
    onSubmit({
      accountSize: parsed.data.accountSize,
      riskPercentage: parsed.data.riskPercentage,
      chart5m: files['5m']!,
      chart15m: files['15m']!,
      chart4h: files['4h']!,
    });
  }

  const fieldError = (key: 'accountSize' | 'riskPercentage') =>
    fieldErrors[key] ? (
      <p id={`${id}-${key}-error`} className="text-xs text-destructive">
        {fieldErrors[key]}
      </p>
    ) : null;

  return (
    <Card>
      <CardHeader>
        <PanelTitle className="flex items-center gap-2">
          <BarChart3 className="size-5 text-primary" aria-hidden="true" />
          Upload Your Charts
        </PanelTitle>
        <CardDescription>
          Three screenshots of one pair: 5-minute, 15-minute and 4-hour, with the price scale visible.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Chart analysis">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-account`}>Account Size (USD)</Label>
              <Input
                id={`${id}-account`}
                name="accountSize"
                type="number"
                inputMode="decimal"
                min={ANALYSIS_LIMITS.accountSize.min}
                max={ANALYSIS_LIMITS.accountSize.max}
                step="any"
                required
                value={accountSize}
                disabled={busy}
                aria-invalid={fieldErrors.accountSize ? true : undefined}
                aria-describedby={fieldErrors.accountSize ? `${id}-accountSize-error` : undefined}
                onChange={(event) => setAccountSize(event.target.value)}
              />
              {fieldError('accountSize')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-risk`}>Risk Percentage (%)</Label>
              <Input
                id={`${id}-risk`}
                name="riskPercentage"
                type="number"
                inputMode="decimal"
                min={ANALYSIS_LIMITS.riskPercentage.min}
                max={ANALYSIS_LIMITS.riskPercentage.max}
                step={ANALYSIS_LIMITS.riskPercentage.step}
                required
                value={riskPercentage}
                disabled={busy}
                aria-invalid={fieldErrors.riskPercentage ? true : undefined}
                aria-describedby={
                  fieldErrors.riskPercentage ? `${id}-riskPercentage-error` : `${id}-risk-hint`
                }
                onChange={(event) => setRiskPercentage(event.target.value)}
              />
              {fieldError('riskPercentage') ?? (
                <p id={`${id}-risk-hint`} className="text-xs text-muted-foreground">
                  2% recommended; never more than 2-3% on one trade.
                </p>
              )}
            </div>
          </div>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Chart Screenshots</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {CHART_SLOTS.map((slot) => (
                <UploadZone
                  key={slot}
                  name={CHART_SLOT_FIELDS[slot]}
                  title={ZONE_TITLES[slot]}
                  label={CHART_FIELDS[CHART_SLOT_FIELDS[slot]].label}
                  file={files[slot]}
                  error={fileErrors[slot]}
                  disabled={busy}
                  onFile={(file) => {
                    setFiles((current) => ({ ...current, [slot]: file }));
                    setFileErrors((current) => ({ ...current, [slot]: undefined }));
                  }}
                  onReject={(message) => {
                    setFileErrors((current) => ({ ...current, [slot]: message }));
                    toast({ title: 'Not an Image', description: message, variant: 'destructive' });
                  }}
                />
              ))}
            </div>
          </fieldset>

          <Button type="submit" size="lg" disabled={busy} className="w-full">
            {busy ? (
              <>
                <Spinner />
                Analyzing...
              </>
            ) : (
              <>
                <BarChart3 aria-hidden="true" />
                Analyze Charts
              </>
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
