/**
 * Chart corpus generator: renders charts from known OHLC in headless Chromium and writes
 * images plus truth in the format of ../shared/chart-corpus (index.json, <id>/truth.json).
 *
 *   npm run corpus -- --out bench/corpus-out/NAME --count 60 --seed 1 [--renderers lwc,mt,broker,echarts] [--drawings]
 *   (ECharts and drawings are opt-in: adding them to the default draw would change every existing
 *   seed's sets; --drawings lays a trader's zones and position tool over every chart)
 *   npm run corpus -- --out fixtures/charts --fixtures      (the committed fixture set)
 *   npm run corpus -- --out bench/corpus-out/jpeg2 --format jpeg --dpr 2   (every set a JPEG at DPR 2)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { applyCapture, pickCapture } from './capture';
import { withDrawings } from './drawings';
import { FIXTURES } from './fixtures';
import {
  CORPUS_TIMEFRAMES,
  loadRealEurusd15m,
  realSet,
  syntheticSet,
  type CorpusTimeframe,
} from './market-data';
import { ChartRenderer } from './renderer';
import { Rng } from './rng';
import { planSet, type StyleOverrides } from './styles';
import type { ChartTruth, RendererName, SetTruth } from './types';

export interface GenerateOptions {
  out: string;
  count: number;
  seed: number;
  renderers: RendererName[];
  fixtures: boolean;
  /** Lay translucent zones and a position tool over every chart (bench/corpus/drawings.ts). */
  drawings?: boolean;
  /** Forced on every set (a JPEG corpus, a device pixel ratio): the rest is drawn as usual. */
  overrides?: StyleOverrides;
  log?: (line: string) => void;
}

interface Job {
  id: string;
  overrides: StyleOverrides;
  tfs: readonly CorpusTimeframe[];
  rng: Rng;
}

const BARS_PER_TF = 900;

export async function generateCorpus(opts: GenerateOptions): Promise<SetTruth[]> {
  const log = opts.log ?? (() => {});
  const real15 = loadRealEurusd15m();
  const root = new Rng(opts.seed);
  const setName = basename(opts.out);
  const jobs: Job[] = opts.fixtures
    ? FIXTURES.flatMap((f, i) =>
        f.style.renderer && !opts.renderers.includes(f.style.renderer)
          ? []
          : [
              {
                id: `fx-${String(i).padStart(2, '0')}-${f.name}`,
                overrides: f.style,
                tfs: [f.tf],
                rng: root.fork(`fixture-${f.name}`),
              },
            ],
      )
    : Array.from({ length: opts.count }, (_, i) => ({
        id: String(i).padStart(3, '0'),
        overrides: { ...opts.overrides },
        tfs: CORPUS_TIMEFRAMES,
        rng: root.fork(`set-${i}`),
      }));
  rmSync(opts.out, { recursive: true, force: true });
  mkdirSync(opts.out, { recursive: true });
  const renderer = await ChartRenderer.launch();
  const truths: SetTruth[] = [];
  try {
    for (const job of jobs) {
      const plan = planSet(job.rng.fork('style'), opts.renderers, job.overrides, real15 !== null);
      const dataRng = job.rng.fork('data');
      const series =
        plan.style.data === 'real' && real15
          ? realSet(dataRng, real15, BARS_PER_TF, plan.inst.decimals)
          : syntheticSet(dataRng, plan.inst, BARS_PER_TF);
      if (plan.style.data === 'real' && !real15) plan.style.data = 'synthetic';
      const id = opts.fixtures
        ? job.id
        : `${setName}-${job.id}-${plan.inst.symbol}-${plan.style.renderer}-${plan.style.theme}`;
      const dir = join(opts.out, id);
      mkdirSync(dir, { recursive: true });
      const charts: SetTruth['charts'] = {};
      const capture = pickCapture(
        job.rng.fork('capture'),
        plan.style.dpr,
        plan.style.dense,
        job.overrides.capture ?? (opts.fixtures ? 'none' : undefined),
      );
      if (capture.kind !== 'none')
        plan.style.capture = capture.kind === 'crop' ? 'crop' : `${capture.kind} x${capture.factor}`;
      if (opts.drawings) plan.style.drawings = true;
      for (const tf of job.tfs) {
        const spec = plan.spec(tf, series[tf], job.rng.fork(`tf-${tf}`));
        const rendered = await renderer.render(spec);
        const drawn = opts.drawings
          ? await withDrawings(rendered.png, rendered.result, plan.style.dpr, job.rng.fork(`drawings-${tf}`))
          : rendered.png;
        const { png, result } = await applyCapture(
          drawn,
          rendered.result,
          capture,
          plan.style.axis,
          plan.style.dpr,
          job.rng.fork(`capture-${tf}`),
        );
        const ext = plan.style.format === 'jpeg' ? 'jpg' : 'png';
        const image =
          plan.style.format === 'jpeg'
            ? await sharp(png)
                .jpeg({ quality: plan.style.quality ?? 80 })
                .toBuffer()
            : await sharp(png).png({ compressionLevel: 9 }).toBuffer();
        const meta = await sharp(image).metadata();
        const file = `${tf}.${ext}`;
        writeFileSync(join(dir, file), image);
        const chart: ChartTruth = { file, width: meta.width ?? 0, height: meta.height ?? 0, ...result };
        charts[tf] = chart;
        log(`${id}/${file} ${chart.width}x${chart.height} candles ${chart.candles.length}`);
      }
      const truth: SetTruth = {
        id,
        set: opts.fixtures ? 'fixtures' : setName,
        symbol: plan.inst.symbol,
        decimals: plan.inst.decimals,
        style: plan.style,
        charts,
      };
      writeFileSync(join(dir, 'truth.json'), JSON.stringify(truth) + '\n');
      truths.push(truth);
    }
  } finally {
    await renderer.close();
  }
  writeFileSync(
    join(opts.out, 'index.json'),
    JSON.stringify(
      truths.map((t) => t.id),
      null,
      1,
    ) + '\n',
  );
  return truths;
}

function parseArgs(argv: string[]): GenerateOptions {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const fixtures = argv.includes('--fixtures');
  const out = get('out') ?? (fixtures ? 'fixtures/charts' : undefined);
  if (!out)
    throw new Error(
      'usage: npm run corpus -- --out DIR [--count N] [--seed S] [--renderers lwc,mt,broker,echarts] [--format png|jpeg] [--dpr N] [--drawings] [--fixtures]',
    );
  const format = get('format');
  if (format !== undefined && format !== 'png' && format !== 'jpeg')
    throw new Error(`unknown format ${format}`);
  const dpr = get('dpr') === undefined ? undefined : Number(get('dpr'));
  if (dpr !== undefined && !(dpr > 0)) throw new Error('--dpr takes a positive number');
  const renderers = (get('renderers') ?? 'lwc,mt,broker').split(',').map((r) => r.trim()) as RendererName[];
  for (const r of renderers)
    if (!['lwc', 'mt', 'broker', 'echarts'].includes(r)) throw new Error(`unknown renderer ${r}`);
  return {
    out,
    count: Number(get('count') ?? 12),
    seed: Number(get('seed') ?? 1),
    renderers,
    fixtures,
    drawings: argv.includes('--drawings'),
    overrides: { ...(format ? { format } : {}), ...(dpr ? { dpr } : {}) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = Date.now();
  const truths = await generateCorpus({ ...opts, log: (l) => console.log(l) });
  const charts = truths.reduce((n, t) => n + Object.keys(t.charts).length, 0);
  console.log(
    `wrote ${truths.length} sets, ${charts} charts to ${opts.out} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}
