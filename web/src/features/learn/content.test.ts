import { LEARNING_MODULES, PRACTICE_EXERCISES, curriculumStats } from './content';
import { ALL_FIGURES } from './content/figures';
import { emaPullbackFigure } from './content/indicator-figures';
import { TOP_DOWN_FIGURES } from './content/top-down-figures';
import type { Figure, Lesson } from './content/types';

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

function lessonText(l: Lesson): string {
  return [
    l.overview,
    ...l.sections.flatMap((s) => [
      s.heading,
      ...s.paragraphs,
      ...(s.example ? [s.example.title, ...s.example.steps, s.example.result] : []),
    ]),
    ...l.keyPoints,
    ...l.tips,
  ].join(' ');
}

describe('Learning Center curriculum', () => {
  it('has the five modules of SPEC.md in order, with their difficulty badges', () => {
    expect(LEARNING_MODULES.map((m) => [m.title, m.difficulty])).toEqual([
      ['Quick Start', 'Beginner'],
      ['Trading Fundamentals', 'Beginner'],
      ['Technical Analysis Essentials', 'Beginner'],
      ['Risk Management Mastery', 'Beginner'],
      ['Smart Money Concepts', 'Intermediate'],
    ]);
    expect(LEARNING_MODULES[0]?.id).toBe('quick-start');
  });

  it('gives every module at least four lessons with unique ids', () => {
    for (const m of LEARNING_MODULES) {
      expect(m.lessons.length, m.title).toBeGreaterThanOrEqual(4);
      expect(new Set(m.lessons.map((l) => l.id)).size, m.title).toBe(m.lessons.length);
    }
    const moduleIds = LEARNING_MODULES.map((m) => m.id);
    expect(new Set(moduleIds).size).toBe(moduleIds.length);
  });

  describe.each(
    LEARNING_MODULES.flatMap((m) => m.lessons.map((l) => [`${m.title} / ${l.title}`, l] as const)),
  )('%s', (_name, lesson) => {
    it('has an overview, sections, key points and tips with no empty entries', () => {
      expect(lesson.title.trim()).not.toBe('');
      expect(words(lesson.overview)).toBeGreaterThanOrEqual(15);
      expect(lesson.sections.length).toBeGreaterThanOrEqual(1);
      for (const s of lesson.sections) {
        expect(s.heading.trim()).not.toBe('');
        expect(s.paragraphs.length).toBeGreaterThanOrEqual(1);
        for (const p of s.paragraphs) expect(words(p)).toBeGreaterThanOrEqual(10);
        if (s.example) {
          expect(s.example.steps.length).toBeGreaterThanOrEqual(2);
          expect(s.example.result.trim()).not.toBe('');
        }
      }
      expect(lesson.keyPoints.length).toBeGreaterThanOrEqual(3);
      expect(lesson.tips.length).toBeGreaterThanOrEqual(2);
      for (const t of [...lesson.keyPoints, ...lesson.tips]) expect(t.trim().length).toBeGreaterThan(10);
    });

    it('teaches a few hundred words, not a caption', () => {
      expect(words(lessonText(lesson))).toBeGreaterThanOrEqual(300);
    });
  });

  it('ends every module with a 4-6 question quiz whose answers and explanations are usable', () => {
    for (const m of LEARNING_MODULES) {
      expect(m.quiz.length, m.title).toBeGreaterThanOrEqual(4);
      expect(m.quiz.length, m.title).toBeLessThanOrEqual(6);
      for (const q of m.quiz) {
        expect(q.options.length, q.id).toBeGreaterThanOrEqual(3);
        expect(new Set(q.options).size, q.id).toBe(q.options.length);
        expect(q.correctIndex, q.id).toBeGreaterThanOrEqual(0);
        expect(q.correctIndex, q.id).toBeLessThan(q.options.length);
        expect(words(q.explanation), q.id).toBeGreaterThanOrEqual(8);
      }
    }
    const ids = LEARNING_MODULES.flatMap((m) => m.quiz.map((q) => q.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is honest about risk: says most retail accounts lose money and that SMC is not proven', () => {
    const all = LEARNING_MODULES.flatMap((m) => m.lessons.map(lessonText)).join(' ');
    expect(all).toMatch(/retail CFD accounts lose money/);
    const smc = LEARNING_MODULES.find((m) => m.id === 'smart-money-concepts')!;
    expect(smc.lessons.map(lessonText).join(' ')).toMatch(/no solid public evidence/);
    expect(all).not.toMatch(/guarantee(d)? (profit|returns)|risk-free|can't lose/i);
  });

  it('puts the position-size calculator in Risk Management Mastery', () => {
    const rm = LEARNING_MODULES.find((m) => m.title === 'Risk Management Mastery')!;
    expect(rm.tools).toContain('position-size-calculator');
  });

  it('has a practice exercise for each SMC concept, all reachable from a module', () => {
    const concepts = new Set(PRACTICE_EXERCISES.map((e) => e.concept));
    expect([...concepts].sort()).toEqual([
      'fair-value-gap',
      'liquidity-sweep',
      'order-block',
      'structure-break',
    ]);
    const kinds = new Set(
      PRACTICE_EXERCISES.filter((e) => e.concept === 'structure-break').map((e) => e.structureKind),
    );
    expect(kinds).toEqual(new Set(['BOS', 'CHoCH']));
    const referenced = LEARNING_MODULES.flatMap((m) => m.practiceIds ?? []);
    expect(new Set(referenced)).toEqual(new Set(PRACTICE_EXERCISES.map((e) => e.id)));
  });

  it('reports real counts for the call to action', () => {
    const s = curriculumStats();
    expect(s.modules).toBe(5);
    expect(s.lessons).toBe(LEARNING_MODULES.reduce((n, m) => n + m.lessons.length, 0));
    expect(s.lessons).toBeGreaterThanOrEqual(20);
    expect(s.quizQuestions).toBeGreaterThanOrEqual(20);
  });
});

describe('illustrations are drawn from consistent data', () => {
  const figures: Figure[] = [
    ...ALL_FIGURES,
    emaPullbackFigure,
    ...TOP_DOWN_FIGURES,
    ...PRACTICE_EXERCISES.map((e) => ({ id: e.id, title: e.title, description: e.prompt, candles: e.bars })),
  ];

  it.each(figures.map((f) => [f.id, f] as const))('%s has valid candles, zones and labels', (_id, f) => {
    expect(f.candles.length).toBeGreaterThanOrEqual(2);
    for (const c of f.candles) {
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
    }
    const n = f.candles.length;
    for (const z of f.zones ?? []) {
      expect(z.top).toBeGreaterThan(z.bottom);
      expect(z.fromBar).toBeGreaterThanOrEqual(0);
      expect(z.toBar ?? n - 1).toBeLessThan(n);
    }
    for (const m of f.markers ?? []) expect(m.bar).toBeLessThan(n);
    for (const line of f.series ?? []) expect(line.values).toHaveLength(n);
    for (const c of f.callouts ?? []) {
      const candle = f.candles[c.bar]!;
      expect(c.price).toBeGreaterThanOrEqual(candle.low);
      expect(c.price).toBeLessThanOrEqual(candle.high);
    }
  });

  it('draws the fair value gap exactly between candle 1 high and candle 3 low', () => {
    const f = ALL_FIGURES.find((x) => x.id === 'fair-value-gap')!;
    const gap = f.zones![0]!;
    expect(gap.bottom).toBe(f.candles[gap.fromBar]!.high);
    expect(gap.top).toBe(f.candles[gap.fromBar + 2]!.low);
  });

  it('puts the equilibrium level halfway between the range low and high', () => {
    const f = ALL_FIGURES.find((x) => x.id === 'premium-discount')!;
    const lows = Math.min(...f.candles.map((c) => c.low));
    const highs = Math.max(...f.candles.map((c) => c.high));
    expect(f.levels![0]!.price).toBeCloseTo((lows + highs) / 2, 8);
  });
});

describe('the top-down figures are annotated by the analysis engine', () => {
  it('shows the 4h bullish breaks and premium/discount, the 15m gap, the 5m CHoCH', () => {
    const [h4, m15, m5] = TOP_DOWN_FIGURES;
    expect(h4!.levels!.filter((l) => l.label === 'BOS').length).toBeGreaterThanOrEqual(1);
    expect(h4!.zones!.map((z) => z.label)).toEqual(['Premium', 'Discount']);
    expect(h4!.description).toMatch(/into discount/);
    expect(m15!.zones).toHaveLength(1);
    expect(m5!.levels!.map((l) => l.label)).toEqual(['CHoCH']);
    expect(m5!.markers!.map((m) => m.label)).toEqual(['Sweep']);
  });
});
