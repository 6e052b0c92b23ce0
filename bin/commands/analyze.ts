import { readFile } from 'node:fs/promises';
import { analyzeTimeframe } from '../../engine/analysis';
import { EngineError } from '../../engine/core/errors';
import { TIMEFRAMES, type Timeframe } from '../../engine/core/ohlc';
import { parseOhlcCsv } from '../../adapters/node/parse-ohlc-csv';

const USAGE =
  'usage: chart-to-plan analyze OHLC.csv [--fvg-threshold N] [--timeframe 15m] [--ema-seed first|sma] [--precision N]\n' +
  '  OHLC.csv: a header row with Date (and optionally Time), Open, High, Low, Close columns in any case,\n' +
  '  comma-, semicolon- or tab-separated (MetaTrader exports with <DATE> style headers work as they are).\n' +
  '  --fvg-threshold N: minimum gap height in ATR(14) multiples; 0 (default) keeps every gap.\n';

export async function run(args: string[]): Promise<number> {
  let file: string | undefined;
  let fvgThreshold = 0;
  let timeframe: Timeframe | undefined;
  let emaSeed: 'first' | 'sma' | undefined;
  let pricePrecision: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new EngineError('INVALID_INPUT', `${a} needs a value.\n${USAGE}`);
      return v;
    };
    if (a === '--help' || a === '-h') {
      process.stdout.write(USAGE);
      return 0;
    } else if (a === '--fvg-threshold') {
      fvgThreshold = Number(value());
      if (!Number.isFinite(fvgThreshold) || fvgThreshold < 0) {
        throw new EngineError('INVALID_INPUT', '--fvg-threshold must be a number >= 0.');
      }
    } else if (a === '--timeframe') {
      const v = value();
      if (!(TIMEFRAMES as readonly string[]).includes(v)) {
        throw new EngineError('INVALID_INPUT', `--timeframe must be one of ${TIMEFRAMES.join(', ')}.`);
      }
      timeframe = v as Timeframe;
    } else if (a === '--ema-seed') {
      const v = value();
      if (v !== 'first' && v !== 'sma')
        throw new EngineError('INVALID_INPUT', '--ema-seed must be first or sma.');
      emaSeed = v;
    } else if (a === '--precision') {
      pricePrecision = Number(value());
      if (!Number.isInteger(pricePrecision) || pricePrecision < 0 || pricePrecision > 10) {
        throw new EngineError('INVALID_INPUT', '--precision must be a whole number from 0 to 10.');
      }
    } else if (!a.startsWith('--') && file === undefined) {
      file = a;
    } else {
      process.stderr.write(`chart-to-plan analyze: unknown option ${a}\n${USAGE}`);
      return 2;
    }
  }
  if (!file) {
    process.stderr.write(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new EngineError('INVALID_INPUT', `Cannot read ${file}: ${(e as Error).message}`);
  }
  const bars = parseOhlcCsv(text);
  const analysis = analyzeTimeframe(bars, { fvgThreshold, timeframe, emaSeed, pricePrecision });
  process.stdout.write(JSON.stringify(analysis) + '\n');
  return 0;
}
