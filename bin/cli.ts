import { isEngineError } from '../engine/core/errors';

/** Each command lives in bin/commands/<name>.ts and exports `run(args): Promise<number>`. */
const COMMANDS = {
  read: {
    summary:
      'read IMAGE                     read one chart screenshot, print candles, symbol, timeframe as JSON',
  },
  analyze: {
    summary: 'analyze OHLC.csv [--fvg-threshold N]   analyse one OHLC series, print every detection as JSON',
  },
  plan: {
    summary: 'plan --5m A --15m B --4h C --account N --risk P   full pipeline, print the analysis result',
  },
} as const;
type CommandName = keyof typeof COMMANDS;

const usage = () =>
  'usage: chart-to-plan <command> [options]\n\n' +
  Object.values(COMMANDS)
    .map((c) => `  ${c.summary}`)
    .join('\n') +
  '\n';

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h') {
    process.stdout.write(usage());
    return name ? 0 : 2;
  }
  if (!(name in COMMANDS)) {
    process.stderr.write(`chart-to-plan: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    const command = (await import(`./commands/${name as CommandName}.ts`)) as {
      run: (args: string[]) => Promise<number>;
    };
    return await command.run(args);
  } catch (error) {
    // Engine errors are the user's input problems: print the plain message, no stack.
    if (isEngineError(error)) {
      process.stderr.write(`chart-to-plan: ${error.message} [${error.code}]\n`);
      return 1;
    }
    process.stderr.write(
      `chart-to-plan: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  }
}
