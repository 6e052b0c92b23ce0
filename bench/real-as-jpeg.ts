// The real set as the JPEGs phones and messengers make of it (issue 17: "JPEG from phones and
// messengers"): every screenshot of DIR re-encoded by sharp at --quality (4:2:0 chroma, sharp's
// default and what phones and messengers save), written with the same annotations to --out (a
// new temporary folder unless given: the screenshots are third-party and never go into the
// project), then scored by the shared scorer with `chart-to-plan read`. The geometry is the
// original's, so every annotation holds; what moves is what JPEG does to thin strokes, text and
// colours. A reading that passes on the PNG and fails here is a fragility the unseen screenshots
// will find. Build the CLI first (`node scripts/build-cli.mjs`).
//   npm run bench:real-jpeg -- ../shared/chart-corpus/real [--quality 75] [--out DIR] [--verbose]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const argv = process.argv.slice(2);
const option = (flag: string): string | undefined => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv.splice(i, 2)[1] : undefined;
};
const quality = Number(option('--quality') ?? 75);
const outOption = option('--out');
const verbose = argv.includes('--verbose');
const dir = argv.find((a) => !a.startsWith('--'));
if (!dir || !(quality >= 1 && quality <= 100)) {
  console.error('usage: npm run bench:real-jpeg -- DIR [--quality 1-100] [--out DIR] [--verbose]');
  process.exit(2);
}

interface Entry {
  file: string;
  [key: string]: unknown;
}
const entries = JSON.parse(readFileSync(join(dir, 'annotations.json'), 'utf8')) as Entry[];
const out = outOption ?? mkdtempSync(join(tmpdir(), 'real-jpeg-'));
mkdirSync(out, { recursive: true });
const converted: Entry[] = [];
for (const e of entries) {
  const file = e.file.replace(/\.[^.]+$/, '.jpg');
  await sharp(join(dir, e.file)).flatten({ background: '#ffffff' }).jpeg({ quality }).toFile(join(out, file));
  converted.push({ ...e, file });
}
writeFileSync(join(out, 'annotations.json'), JSON.stringify(converted, null, 1));
console.log(`${converted.length} screenshots as JPEG quality ${quality} in ${out}`);

const root = join(import.meta.dirname, '..');
const scorer = resolve(dir, '../../tools/score-real-charts.mjs');
const run = spawnSync(
  process.execPath,
  [scorer, out, `${join(root, 'bin/chart-to-plan')} read {image}`, ...(verbose ? ['--verbose'] : [])],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
