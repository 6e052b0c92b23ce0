import { PRACTICE_EXERCISES } from '../content/practice';
import { analyzePractice, gradeClick, practiceTargets } from './grade';

describe('practice exercises graded by the analysis engine', () => {
  it.each(PRACTICE_EXERCISES.map((e) => [e.id, e] as const))(
    '%s: the engine finds the pattern the exercise asks for, and only its bars are right',
    (_id, exercise) => {
      const analysis = analyzePractice(exercise);
      const targets = practiceTargets(exercise, analysis);
      expect(targets.length).toBeGreaterThanOrEqual(1);
      const right = new Set(
        targets.flatMap((t) => Array.from({ length: t.lastBar - t.firstBar + 1 }, (_, k) => t.firstBar + k)),
      );
      // A trader guessing at random must mostly be told "no": a chart where most bars count
      // as right would not test anything.
      expect(right.size).toBeLessThanOrEqual(exercise.bars.length / 3);
      for (let bar = 0; bar < exercise.bars.length; bar++) {
        expect(gradeClick(targets, bar).correct, `bar ${bar}`).toBe(right.has(bar));
      }
    },
  );

  it('asks for the CHoCH and the sweep where the engine sees exactly one', () => {
    for (const id of ['practice-choch', 'practice-sweep', 'practice-fvg']) {
      const exercise = PRACTICE_EXERCISES.find((e) => e.id === id)!;
      expect(practiceTargets(exercise, analyzePractice(exercise)), id).toHaveLength(1);
    }
  });

  it('tells a near miss which way to look', () => {
    const exercise = PRACTICE_EXERCISES.find((e) => e.id === 'practice-choch')!;
    const [target] = practiceTargets(exercise, analyzePractice(exercise));
    const grade = gradeClick([target!], target!.firstBar - 1);
    expect(grade.correct).toBe(false);
    expect(grade.message).toMatch(/one candle further right/);
    expect(gradeClick([target!], 0).message).toMatch(/Not this one/);
  });

  it('grades a bullish FVG click only on the gap candles, and names the gap prices', () => {
    const exercise = PRACTICE_EXERCISES.find((e) => e.id === 'practice-fvg')!;
    const [gap] = practiceTargets(exercise, analyzePractice(exercise));
    const middle = gap!.firstBar + 1;
    const before = exercise.bars[middle - 1]!;
    const after = exercise.bars[middle + 1]!;
    expect(before.high).toBeLessThan(after.low);
    expect(gap!.zone).toMatchObject({ bottom: before.high, top: after.low });
    expect(gradeClick([gap!], middle).message).toContain(before.high.toFixed(5));
  });
});
