import { isEngineError } from '../engine/core/errors';

type Run = (args: string[]) => Promise<number>;

/**
 * Each command lives in bin/commands/<name>.ts and exports `run(args): Promise<number>`. Each is
 * loaded by its own literal import, only when run: the bundle (scripts/build-cli.mjs) then holds
 * exactly the three commands, and `read` never loads the analysis and planning code. (A
 * template import such as `./commands/${name}.ts` made esbuild bundle every file of the folder,
 * the tests and vitest with them.)
 */
const COMMANDS = {
  read: {
    load: () => import('./commands/read'),
    summary:
      'read IMAGE                     read one chart screenshot, print candles, symbol, timeframe as JSON',
  },
  analyze: {
    load: () => import('./commands/analyze'),
    summary: 'analyze OHLC.csv [--fvg-threshold N]   analyse one OHLC series, print every detection as JSON',
  },
  plan: {
    load: () => import('./commands/plan'),
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
    const command: { run: Run } = await COMMANDS[name as CommandName].load();
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
