// bench:real's --in-process mode (bench/real.bench.ts): screenshots read as the web server's
// warmed analysis worker reads one chart (server/modules/analyze/worker.ts): the upload's bytes
// decoded by decodeImage, then readChartWithOcr (the engine's readChart, with this thread's
// shared OCR as its fallback, started on first need and kept). A warm-up round reads every
// screenshot once (the JIT, the OCR worker and the CJK model started, as a server thread is
// after its first charts), then `runs` rounds read them all again in turn, each read timed.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeImage } from '../adapters/node/decode-image';
import { closeSharedAxisOcr } from '../adapters/node/ocr-axis';
import { readChartWithOcr } from '../adapters/node/read-with-ocr';
import { isEngineError } from '../engine/core/errors';

interface Timed {
  /** Decode + read, s. */
  wallS: number;
  /** The decode alone, s. */
  decodeS: number;
  /** CPU of every thread of this process over the decode and the read, s. */
  cpuS: number;
  /** The reading's JSON, or the refusal's code and message. */
  output: string;
}

/** One read as the worker's: decode the bytes, read with the OCR fallback. */
async function readOnce(bytes: Uint8Array): Promise<Timed> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let output: string;
  let decoded = started;
  try {
    const image = await decodeImage(bytes);
    decoded = performance.now();
    const reading = await readChartWithOcr(image);
    output = JSON.stringify(reading);
  } catch (error) {
    if (!isEngineError(error)) throw error;
    output = `refused ${error.code}: ${error.message}`;
  }
  const wallS = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { wallS, decodeS: (decoded - started) / 1000, cpuS: (used.user + used.system) / 1e6, output };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Reads `files` warm, prints each one's medians and the slowest five; returns the warm-up round's outputs. */
export async function readInProcess(files: string[], runs: number): Promise<Record<string, string>> {
  console.log(
    `bench:real --in-process: ${files.length} screenshots, 1 warm-up round + ${runs} timed rounds; load average at start: ${load()}`,
  );
  const bytes = new Map(files.map((f) => [f, new Uint8Array(readFileSync(f))]));
  const outputs: Record<string, string> = {};
  const cold = new Map<string, Timed>();
  for (const file of files) {
    const first = await readOnce(bytes.get(file)!);
    cold.set(file, first);
    outputs[file] = first.output;
  }
  const timed = new Map<string, Timed[]>(files.map((f) => [f, []]));
  for (let round = 0; round < runs; round++)
    for (const file of files) {
      const t = await readOnce(bytes.get(file)!);
      if (t.output !== outputs[file])
        console.log(`warning: ${basename(file)} read differently in round ${round + 1}`);
      timed.get(file)!.push(t);
    }
  await closeSharedAxisOcr();
  const rows = files.map((file) => {
    const t = timed.get(file)!;
    return {
      file,
      wall: median(t.map((x) => x.wallS)),
      decode: median(t.map((x) => x.decodeS)),
      cpu: median(t.map((x) => x.cpuS)),
      first: cold.get(file)!.wallS,
    };
  });
  for (const r of rows)
    console.log(
      `${basename(r.file).padEnd(60)} ${r.wall.toFixed(2)} s wall (decode ${r.decode.toFixed(2)}), ${r.cpu.toFixed(2)} s CPU; warm-up read ${r.first.toFixed(2)} s`,
    );
  const walls = rows.map((r) => r.wall);
  const cpus = rows.map((r) => r.cpu);
  console.log(
    `\nwarm, in process: median ${median(walls).toFixed(2)} s wall, ${median(cpus).toFixed(2)} s CPU; ` +
      `total ${walls.reduce((s, v) => s + v, 0).toFixed(1)} s wall, ${cpus.reduce((s, v) => s + v, 0).toFixed(1)} s CPU`,
  );
  console.log('  slowest five (wall):');
  for (const r of [...rows].sort((x, y) => y.wall - x.wall).slice(0, 5))
    console.log(
      `    ${r.wall.toFixed(2)} s wall (decode ${r.decode.toFixed(2)}), ${r.cpu.toFixed(2)} s CPU  ${basename(r.file)}`,
    );
  return outputs;
}
