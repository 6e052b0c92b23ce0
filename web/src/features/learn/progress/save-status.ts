import type { LearnProgressApi } from './use-learn-progress';

/** One honest sentence about where the trader's progress is, for the page and the dashboard card. */
export function progressSaveText(status: LearnProgressApi['status']): string {
  switch (status) {
    case 'saving':
      return 'Saving your progress to your account…';
    case 'unsaved':
      return 'Some progress is not saved to your account yet. It is kept in this browser and sent with your next change.';
    case 'offline':
      return 'Your account could not be reached, so this shows the progress last saved in this browser.';
    case 'loading':
      return 'Loading your progress from your account…';
    case 'saved':
      return 'Your progress is saved to your account.';
  }
}
