import { LEARNING_MODULES } from '.';
import { LEARN_OUTLINE } from './outline';

it('the outline used by the dashboard card matches the full curriculum', () => {
  expect(LEARN_OUTLINE).toEqual(
    LEARNING_MODULES.map((m) => ({
      id: m.id,
      title: m.title,
      lessonIds: m.lessons.map((l) => l.id),
      quizLength: m.quiz.length,
    })),
  );
});
