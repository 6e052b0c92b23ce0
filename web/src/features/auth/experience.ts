import type { TradingExperience } from '../../lib/contracts';

export const EXPERIENCE_LABELS: Record<TradingExperience, string> = {
  learner: 'Learner',
  intermediate: 'Intermediate',
  expert: 'Expert',
};

export function experienceLabel(level: string): string {
  return (EXPERIENCE_LABELS as Record<string, string>)[level] ?? level;
}
