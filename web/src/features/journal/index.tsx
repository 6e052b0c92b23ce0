// The journal feature's public surface (bulletproof-react: other features import only this).
export { JournalPanel, type JournalPanelProps } from './components/journal-panel';
export { AddPlanToJournalButton, type AddPlanToJournalButtonProps } from './components/add-plan-button';
export type { PlanPrefill } from './lib/trade-form';
