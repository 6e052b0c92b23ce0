// Chart reader speed: readChart on 1600x900 and 2560x1440 screenshots in one process after a
// warm-up (median ms per chart, peak RSS), then the whole `chart-to-plan read` process.
// usage: npm run bench:reader [-- --runs N] [--images a.png,b.png] [--corpus DIR,DIR]
// The sizes are made by resizing the sample (a blurred upscale, harder than a real capture);
// --corpus also times the screenshots of generated corpora (`npm run corpus`) that were rendered
// at exactly those sizes (crisp, as a real capture at that size is).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { readChart } from '../engine/vision';
import { decodeImage } from '../adapters/node/decode-image';
import type { RgbaImage } from '../engine/core/image';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 7);
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;

/** Sources: the shared dev corpus if present, else the project's generated corpus and fixtures. */
function sourceImages(): string[] {
  const explicit = arg('--images');
  if (explicit) return explicit.split(',');
  const roots = ['../shared/chart-corpus/dev', 'bench/corpus-out', 'fixtures/charts'];
  const found: string[] = [];
  const walk = (d: string, depth: number) => {
    if (depth > 3 || !existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p, depth + 1);
      else if (/\.(png|jpe?g|webp)$/i.test(e.name)) found.push(p);
    }
  };
  for (const r of roots) walk(r, 0);
  return found.slice(0, 6);
}

/** A screenshot at exactly w x h: a chart image resized (cover), as a real capture at that size. */
async function atSize(file: string, w: number, h: number): Promise<RgbaImage> {
  const { data, info } = await sharp(file)
    .resize(w, h, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** Wall time, and CPU time of this process (less sensitive to other load on a shared machine). */
function timeRead(image: RgbaImage): { ms: number; cpuMs: number; ok: string } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let ok = 'ok';
  try {
    readChart(image);
  } catch (e) {
    ok = (e as { code?: string }).code ?? 'crash';
  }
  const c = process.cpuUsage(c0);
  return { ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, ok };
}

const files = sourceImages();
if (files.length === 0) {
  console.log('no chart images found (need ../shared/chart-corpus/dev or bench/corpus-out)');
  process.exit(0);
}
let peakRss = process.memoryUsage().rss;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));

/** The screen sizes timed (the issue's two). */
const SIZES = [
  [1600, 900],
  [2560, 1440],
] as const;

for (const [w, h] of SIZES) {
  const images = await Promise.all(files.map((f) => atSize(f, w, h)));
  for (const img of images.slice(0, 2)) timeRead(img); // warm-up: JIT, glyph templates
  const times: number[] = [];
  const cpu: number[] = [];
  const outcomes = new Map<string, number>();
  for (let r = 0; r < runs; r++) {
    for (const img of images) {
      const { ms, cpuMs, ok } = timeRead(img);
      times.push(ms);
      cpu.push(cpuMs);
      outcomes.set(ok, (outcomes.get(ok) ?? 0) + 1);
      sample();
    }
  }
  console.log(
    `readChart ${w}x${h}: median ${median(times).toFixed(1)} ms, p90 ${[...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]!.toFixed(1)} ms (CPU ${median(cpu).toFixed(1)} ms) over ${times.length} reads of ${images.length} charts (${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')})`,
  );
}
// Native-size originals too, decoded the way the CLI does.
const native = await Promise.all(files.map((f) => decodeImage(f)));
const nt: number[] = [];
const nc: number[] = [];
for (let r = 0; r < runs; r++) {
  for (const img of native) {
    const t = timeRead(img);
    nt.push(t.ms);
    nc.push(t.cpuMs);
  }
}
sample();
console.log(`readChart native sizes: median ${median(nt).toFixed(1)} ms (CPU ${median(nc).toFixed(1)} ms)`);
console.log(
  `load average while measuring: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`peak RSS ${(peakRss / 1048576).toFixed(0)} MB`);

// (after the peak RSS above: these images are many, and all held in memory at once)
/** Screenshots of generated corpora (truth.json per set) rendered at exactly w x h. */
function corpusAtSize(dirs: string[], w: number, h: number): string[] {
  const out: string[] = [];
  for (const dir of dirs) {
    for (const set of existsSync(dir) ? readdirSync(dir) : []) {
      const truth = join(dir, set, 'truth.json');
      if (!existsSync(truth)) continue;
      const { charts } = JSON.parse(readFileSync(truth, 'utf8')) as {
        charts: Record<string, { file: string; width: number; height: number }>;
      };
      for (const c of Object.values(charts))
        if (c.width === w && c.height === h) out.push(join(dir, set, c.file));
    }
  }
  return out;
}

const corpusDirs = arg('--corpus')?.split(',') ?? [];
for (const [w, h] of corpusDirs.length > 0 ? SIZES : []) {
  const images = await Promise.all(corpusAtSize(corpusDirs, w, h).map((f) => decodeImage(f)));
  if (images.length === 0) continue;
  for (const img of images.slice(0, 2)) timeRead(img);
  const times: number[] = [];
  const outcomes = new Map<string, number>();
  for (let r = 0; r < Math.max(1, Math.round(runs / 2)); r++) {
    for (const img of images) {
      const { ms, ok } = timeRead(img);
      times.push(ms);
      outcomes.set(ok, (outcomes.get(ok) ?? 0) + 1);
    }
  }
  console.log(
    `readChart corpus captures rendered at ${w}x${h}: median ${median(times).toFixed(1)} ms over ${times.length} reads of ${images.length} screenshots (${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')})`,
  );
}

const cli: number[] = [];
const cliRuns = Math.max(3, Math.min(runs, 5));
for (let r = 0; r < cliRuns; r++) {
  const t0 = performance.now();
  try {
    execFileSync('bin/chart-to-plan', ['read', files[0]!], { stdio: ['ignore', 'ignore', 'ignore'] });
  } catch {
    // exit status is not the point here; time is
  }
  cli.push(performance.now() - t0);
}
console.log(
  `CLI process (chart-to-plan read ${files[0]}): median ${median(cli).toFixed(0)} ms over ${cliRuns} runs`,
);
