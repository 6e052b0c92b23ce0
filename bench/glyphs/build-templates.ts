/**
 * Builds engine/vision/text/glyph-templates.generated.ts: renders every character the reader needs
 * in the installed UI fonts (sans, narrow, condensed, mono; regular and bold; 9-16 px at 1x, 2x and
 * 3x; dark/light/coloured themes; half of them through JPEG q70), cuts them with the engine's own
 * segmentation, and keeps a few k-means prototypes per character. The file starts with a header
 * naming the inputs that made it (bench/glyphs/inputs.ts); bench/glyphs/templates.test.ts fails when
 * they change and the file was not rebuilt. Needs Chromium and the fonts: bench/glyphs/README.md.
 *
 *   npm run glyphs:build                      # rebuild the committed file
 *   npm run glyphs:build -- --out FILE        # build into FILE instead (to compare two builds)
 *   npm run glyphs:build -- --keep "REASON"   # do not rebuild: record that the committed
 *                                             # templates stay valid for the changed inputs, and why
 *   npm run glyphs:build -- --axis            # build the axis fonts' digits and separators into
 *                                             # engine/vision/text/axis-glyph-templates.generated.ts
 *                                             # (--out and --keep work with it too)
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import sharp, { type Sharp } from 'sharp';
import {
  AXIS_FONTS,
  FONTS,
  THEMES,
  launch,
  renderSheet,
  type RenderStyle,
  type RenderedSheet,
} from './render';
import { findTextLines } from '../../engine/vision/text/segment';
import { FEATURE_LENGTH, glyphFeatures } from '../../engine/vision/text/features';
import { encodeTemplates } from '../../engine/vision/text/template-codec';
import { AXIS_TEMPLATES, MAIN_TEMPLATES, generatedFile, generatedPath, parseGeneratedFile } from './inputs';

/** What each rendered character is recognised as ("−" and "-" are both a minus). */
export const CHARSET_LINES = [
  '0 1 2 3 4 5 6 7 8 9',
  '. , - \u2212 / : ( ) \u00b7 % +',
  'A B C D E F G H I J K L M',
  'N O P Q R S T U V W X Y Z',
  'a b c d e f g h i j k l m',
  'n o p q r s t u v w x y z',
];
const LABEL_OF: Record<string, string> = { '\u2212': '-' };

/** Prototypes kept per character: digits and separators decide prices, so they get more. */
function prototypesFor(label: string): number {
  if (/[0-9]/.test(label)) return 28;
  if (/[.,\-:/]/.test(label)) return 14;
  return 8;
}

/**
 * What the axis templates keep of AXIS_FONTS: the characters of a price label. Every character is
 * still rendered and clustered as for FONTS (the same sheets and k-means seeds), and the others
 * are dropped after: the axis fonts' letters would compete with the titles' fonts.
 */
const AXIS_CHARS = new Set([...'0123456789.,']);

export function templateStyles(
  fonts: readonly { font: string; stretch?: 'condensed' }[] = FONTS,
): RenderStyle[] {
  const sizes: { sizePx: number; dpr: number }[] = [
    { sizePx: 9, dpr: 1 },
    { sizePx: 10, dpr: 1 },
    { sizePx: 11, dpr: 1 },
    { sizePx: 12, dpr: 1 },
    { sizePx: 13, dpr: 1 },
    { sizePx: 14, dpr: 1 },
    { sizePx: 16, dpr: 1 },
    { sizePx: 11, dpr: 2 },
    { sizePx: 12, dpr: 2 },
    { sizePx: 13, dpr: 2 },
    { sizePx: 12, dpr: 3 },
  ];
  const styles: RenderStyle[] = [];
  let k = 0;
  for (const f of fonts) {
    for (const weight of [400, 700] as const) {
      for (const s of sizes) {
        for (const dx of [0, 0.5]) {
          const theme = THEMES[k++ % THEMES.length]!;
          styles.push({ font: f.font, stretch: f.stretch ?? 'normal', weight, ...s, ...theme, dx });
        }
      }
    }
  }
  return styles;
}

interface Sample {
  label: string;
  f: Float32Array;
}

interface Variant {
  width: number;
  height: number;
  data: Uint8Array;
  /** Factor the line rects must be scaled by. */
  scale: number;
}

async function rawOf(img: Sharp): Promise<Variant> {
  const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data), scale: 1 };
}

/**
 * Degraded copies of a sheet as screenshots really arrive: JPEG q70, a slight blur, and a 1x
 * capture scaled up by a phone or a zoomed browser (bicubic x1.5 / x2).
 */
async function variants(v: Variant, i: number): Promise<Variant[]> {
  const src = (): Sharp =>
    sharp(Buffer.from(v.data), { raw: { width: v.width, height: v.height, channels: 4 } });
  const out: Variant[] = [v];
  if (i % 2 === 0) out.push(await rawOf(sharp(await src().jpeg({ quality: 70 }).toBuffer())));
  if (i % 3 === 1) out.push(await rawOf(src().blur(0.7)));
  if (i % 3 === 2) {
    const f = i % 2 === 0 ? 2 : 1.5;
    const up = await rawOf(
      src().resize({ width: Math.round(v.width * f), height: Math.round(v.height * f), kernel: 'cubic' }),
    );
    out.push({ ...up, scale: f });
  }
  return out;
}

function kmeans(samples: Float32Array[], k: number, seed: number): Float32Array[] {
  if (samples.length <= k) return samples;
  let s = seed >>> 0;
  const rand = (): number => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const dist = (a: Float32Array, b: Float32Array): number => {
    let d = 0;
    for (let i = 0; i < FEATURE_LENGTH; i++) d += (a[i]! - b[i]!) ** 2;
    return d;
  };
  // k-means++ seeding, then Lloyd iterations; centres snap to the nearest real sample at the end.
  const centres: Float32Array[] = [samples[Math.floor(rand() * samples.length)]!];
  const best = samples.map((x) => dist(x, centres[0]!));
  while (centres.length < k) {
    const total = best.reduce((a, b) => a + b, 0);
    let r = rand() * total;
    let pick = 0;
    for (; pick < samples.length - 1; pick++) {
      r -= best[pick]!;
      if (r <= 0) break;
    }
    centres.push(samples[pick]!);
    samples.forEach((x, i) => (best[i] = Math.min(best[i]!, dist(x, samples[pick]!))));
  }
  let cs = centres.map((c) => Float32Array.from(c));
  for (let iter = 0; iter < 15; iter++) {
    const sums = cs.map(() => new Float64Array(FEATURE_LENGTH));
    const counts = cs.map(() => 0);
    for (const x of samples) {
      let bi = 0;
      let bd = Infinity;
      cs.forEach((c, i) => {
        const d = dist(x, c);
        if (d < bd) {
          bd = d;
          bi = i;
        }
      });
      counts[bi]!++;
      for (let j = 0; j < FEATURE_LENGTH; j++) sums[bi]![j]! += x[j]!;
    }
    cs = cs.map((c, i) => (counts[i]! > 0 ? Float32Array.from(sums[i]!, (v) => v / counts[i]!) : c));
  }
  return cs;
}

/** Rendered sheets are kept in bench/out/glyph-sheets so that re-tuning features needs no browser. */
const CACHE = new URL('../out/glyph-sheets/', import.meta.url).pathname;

async function cachedSheet(
  browser: Browser | null,
  style: RenderStyle,
  texts: string[],
): Promise<RenderedSheet> {
  const key = createHash('sha1').update(JSON.stringify({ style, texts })).digest('hex').slice(0, 16);
  const meta = `${CACHE}${key}.json`;
  if (existsSync(meta)) {
    const m = JSON.parse(readFileSync(meta, 'utf8')) as Omit<RenderedSheet, 'data'>;
    return { ...m, data: new Uint8Array(readFileSync(`${CACHE}${key}.rgba`)) };
  }
  if (!browser) throw new Error('sheet not cached');
  const sheet = await renderSheet(browser, style, texts);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(`${CACHE}${key}.rgba`, sheet.data);
  writeFileSync(meta, JSON.stringify({ ...sheet, data: undefined }));
  return sheet;
}

/**
 * Builds the templates of `fonts` and returns the encoded module body and the Chromium version
 * used; only the prototypes of characters `keep` takes are written.
 */
async function build(
  fonts: readonly { font: string; stretch?: 'condensed' }[],
  keep: (label: string) => boolean = () => true,
): Promise<{ body: string; chromium: string }> {
  const styles = templateStyles(fonts);
  const browser = await launch();
  const chromium = browser.version();
  const samples: Sample[] = [];
  let rejected = 0;
  try {
    let i = 0;
    for (const style of styles) {
      const texts = CHARSET_LINES.map((l) => `H8 ${l}`);
      const sheet = await cachedSheet(browser, style, texts);
      for (const img of await variants(
        { width: sheet.width, height: sheet.height, data: sheet.data, scale: 1 },
        i++,
      )) {
        for (const line of sheet.lines) {
          const want = [...line.text.replace(/ /g, '')];
          const r = line.rect;
          const k = img.scale;
          const rect = {
            left: Math.floor(r.left * k),
            top: Math.floor(r.top * k),
            right: Math.ceil(r.right * k),
            bottom: Math.ceil(r.bottom * k),
          };
          const found = findTextLines(img, rect);
          if (found.length !== 1 || found[0]!.glyphs.length !== want.length) {
            rejected++;
            continue;
          }
          const tl = found[0]!;
          tl.glyphs.forEach((g, j) => {
            const ch = want[j]!;
            samples.push({ label: LABEL_OF[ch] ?? ch, f: glyphFeatures(g, tl) });
          });
        }
      }
    }
  } finally {
    await browser.close();
  }
  const byLabel = new Map<string, Float32Array[]>();
  for (const s of samples) byLabel.set(s.label, [...(byLabel.get(s.label) ?? []), s.f]);
  const labels: string[] = [];
  const vectors: Float32Array[] = [];
  let seed = 1;
  for (const [label, list] of [...byLabel.entries()].sort()) {
    for (const c of kmeans(list, prototypesFor(label), seed++)) {
      if (!keep(label)) continue;
      labels.push(label);
      vectors.push(c);
    }
  }
  const body = encodeTemplates(labels, vectors);
  console.log(
    `${styles.length} styles, ${samples.length} glyph samples (${rejected} lines rejected), ` +
      `${labels.length} prototypes for ${byLabel.size} characters`,
  );
  return { body, chromium };
}

async function main(argv: string[]): Promise<void> {
  const option = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const axis = argv.includes('--axis');
  const file = axis ? AXIS_TEMPLATES : MAIN_TEMPLATES;
  const keep = option('keep');
  if (argv.includes('--keep')) {
    if (!keep?.trim()) throw new Error('--keep needs the reason the templates stay valid, in quotes');
    const { header, body } = parseGeneratedFile(readFileSync(generatedPath(file), 'utf8'), file);
    // The earlier history stays in the header: where the templates were built, every keep since.
    const history =
      header.status.kind === 'built'
        ? `built in Chromium ${header.status.chromium} from earlier inputs (${header.inputsSha256.slice(0, 16)}).`
        : header.status.reason;
    const reason = `${history} Kept again: ${keep.trim()}`;
    writeFileSync(generatedPath(file), generatedFile(body, { kind: 'kept', reason }, file));
    console.log(`${file.path}: kept for the current inputs (${keep.trim()})`);
    return;
  }
  const { body, chromium } = axis ? await build(AXIS_FONTS, (l) => AXIS_CHARS.has(l)) : await build(FONTS);
  const out = option('out') ?? generatedPath(file);
  writeFileSync(out, generatedFile(body, { kind: 'built', chromium }, file));
  console.log(`wrote ${out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
