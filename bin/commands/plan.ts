import { EngineError } from '../../engine/core/errors';
import { closeSharedAxisOcr } from '../../adapters/node/ocr-axis';
import { analyzeChartsWithOcr } from '../../adapters/node/read-with-ocr';
import { decodeImage } from '../../adapters/node/decode-image';

const USAGE =
  'usage: chart-to-plan plan --5m A.png --15m B.png --4h C.png [--account 10000] [--risk 2] [--symbol EURUSD] [--pretty]\n' +
  '  Reads the three screenshots, analyses them and prints the analysis result as JSON\n' +
  '  (exactly what POST /api/analyze returns).\n' +
  '  --account  account size in USD (default 10000, SPEC.md 9)\n' +
  '  --risk     percent of the account to risk (default 2)\n' +
  '  --symbol   the instrument, when the chart legends do not show it\n' +
  '  --pretty   indent the JSON\n';

interface PlanArgs {
  files: { '5m': string; '15m': string; '4h': string };
  account: number;
  risk: number;
  symbol?: string;
  pretty: boolean;
}

/** Parses the flags; returns a usage message instead when they are incomplete or malformed. */
export function parsePlanArgs(args: readonly string[]): PlanArgs | string {
  const values = new Map<string, string>();
  let pretty = false;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    if (flag === '--pretty') {
      pretty = true;
      continue;
    }
    if (flag === '--help' || flag === '-h') return USAGE;
    const eq = flag.indexOf('=');
    if (flag.startsWith('--') && eq > 0) {
      values.set(flag.slice(2, eq), flag.slice(eq + 1));
      continue;
    }
    const value = args[i + 1];
    if (!flag.startsWith('--') || value === undefined)
      return `chart-to-plan plan: unexpected argument "${flag}"\n\n${USAGE}`;
    values.set(flag.slice(2), value);
    i++;
  }
  for (const key of values.keys()) {
    if (!['5m', '15m', '4h', 'account', 'risk', 'symbol'].includes(key)) {
      return `chart-to-plan plan: unknown option --${key}\n\n${USAGE}`;
    }
  }
  const missing = ['5m', '15m', '4h'].filter((k) => !values.get(k));
  if (missing.length)
    return `chart-to-plan plan: missing ${missing.map((m) => `--${m}`).join(', ')}\n\n${USAGE}`;
  const account = Number(values.get('account') ?? 10_000);
  const risk = Number(values.get('risk') ?? 2);
  if (!Number.isFinite(account) || account <= 0)
    return `chart-to-plan plan: --account must be a positive number\n`;
  if (!Number.isFinite(risk) || risk <= 0 || risk > 100)
    return `chart-to-plan plan: --risk must be a percentage above 0\n`;
  const symbol = values.get('symbol');
  return {
    files: { '5m': values.get('5m')!, '15m': values.get('15m')!, '4h': values.get('4h')! },
    account,
    risk,
    ...(symbol ? { symbol } : {}),
    pretty,
  };
}

/** Decodes one upload, naming the slot in the error so the trader knows which file to fix. */
async function decodeSlot(slot: string, file: string) {
  try {
    return await decodeImage(file);
  } catch (error) {
    if (error instanceof EngineError) {
      throw new EngineError(error.code, `The ${slot} chart (${file}): ${error.message}`, {
        ...error.details,
        slot,
      });
    }
    throw error;
  }
}

/** `chart-to-plan plan`: the full pipeline, printed as the API's JSON. */
export async function run(args: string[]): Promise<number> {
  const parsed = parsePlanArgs(args);
  if (typeof parsed === 'string') {
    const isHelp = parsed === USAGE;
    (isHelp ? process.stdout : process.stderr).write(parsed);
    return isHelp ? 0 : 2;
  }
  const [m5, m15, h4] = await Promise.all([
    decodeSlot('5m', parsed.files['5m']),
    decodeSlot('15m', parsed.files['15m']),
    decodeSlot('4h', parsed.files['4h']),
  ]);
  // Each chart through the OCR fallback when its price axis is refused (decision 025).
  let result;
  try {
    result = await analyzeChartsWithOcr(
      { '5m': m5, '15m': m15, '4h': h4 },
      {
        account: parsed.account,
        riskPercent: parsed.risk,
        ...(parsed.symbol ? { symbol: parsed.symbol } : {}),
      },
    );
  } finally {
    await closeSharedAxisOcr();
  }
  process.stdout.write(JSON.stringify(result, null, parsed.pretty ? 2 : undefined) + '\n');
  return 0;
}
