import { ApiError } from '../../lib/api';
import { CHART_SLOT_FIELDS, type ChartSlot } from '../../../../contracts/analysis';

export const SLOTS: readonly ChartSlot[] = ['5m', '15m', '4h'];

/** What the server told of one dropped file (POST /api/charts/identify), or nothing at all. */
export interface Identified {
  timeframe: string | null;
  problem?: string | null;
}

export interface Placement {
  /** Index of the dropped file. */
  file: number;
  slot: ChartSlot;
  /** How it got there, in the trader's words: shown in the slot. */
  note: string;
  /** True when the slot was chosen by its timeframe, false when by drop order. */
  byTimeframe: boolean;
}

/**
 * Places dropped files in the slots: each file whose timeframe is a slot's goes there; the rest
 * keep their drop order in the free slots (the first free slot for the first of them ...), with a
 * note saying why, so the trader can check and swap. `taken` lists slots that already hold a file
 * and should be filled last.
 */
export function assignSlots(found: readonly Identified[], taken: readonly ChartSlot[] = []): Placement[] {
  const placements: Placement[] = [];
  const free = new Set<ChartSlot>(SLOTS);
  const waiting: number[] = [];
  found.forEach((f, file) => {
    const slot = SLOTS.find((s) => s === f.timeframe);
    if (slot && free.has(slot)) {
      free.delete(slot);
      placements.push({ file, slot, note: `Read as ${slot}`, byTimeframe: true });
    } else {
      waiting.push(file);
    }
  });
  // Empty slots before ones holding an earlier file; each in 5m, 15m, 4h order.
  const order = [
    ...SLOTS.filter((s) => free.has(s) && !taken.includes(s)),
    ...SLOTS.filter((s) => free.has(s) && taken.includes(s)),
  ];
  for (const file of waiting) {
    const slot = order.shift();
    if (!slot) break;
    const tf = found[file]!.timeframe;
    const note =
      tf === null
        ? 'Timeframe not read: placed in drop order, check it'
        : SLOTS.includes(tf as ChartSlot)
          ? `Also reads as ${tf}: placed in drop order, check it`
          : `Reads as ${tf}, not 5m, 15m or 4h: check it`;
    placements.push({ file, slot, note, byTimeframe: false });
  }
  return placements.sort((a, b) => SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot));
}

/**
 * The per-slot messages of a failed analysis (problem+json `errors` under chart5m, chart15m,
 * chart4h), so each failing slot is marked in place; empty when the answer names no slot.
 */
export function slotErrors(error: unknown): Partial<Record<ChartSlot, string>> {
  if (!(error instanceof ApiError) || !error.body.trim().startsWith('{')) return {};
  try {
    const problem = JSON.parse(error.body) as { errors?: { field?: unknown; message?: unknown }[] };
    const out: Partial<Record<ChartSlot, string>> = {};
    for (const e of problem.errors ?? []) {
      const slot = SLOTS.find((s) => CHART_SLOT_FIELDS[s] === e.field);
      if (slot && typeof e.message === 'string') out[slot] = stripSlotPrefix(e.message);
    }
    return out;
  } catch {
    return {};
  }
}

/** "The 4-hour chart: no chart area ..." reads twice under the 4-hour slot: keep the rest. */
function stripSlotPrefix(message: string): string {
  const rest = message.replace(/^The (5-minute|15-minute|4-hour) chart(?: data file)?: /, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * True when a failed analysis's slots each have a problem of their own (unreadable charts, bad
 * files), false when one problem concerns two charts together (two pairs, swapped timeframes).
 */
export function separateProblems(error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.body.trim().startsWith('{')) return false;
  try {
    const problem = JSON.parse(error.body) as { code?: unknown; errors?: unknown[] };
    const shared = problem.code === 'SYMBOL_MISMATCH' || problem.code === 'TIMEFRAME_MISMATCH';
    return !shared && Array.isArray(problem.errors) && problem.errors.length > 1;
  } catch {
    return false;
  }
}
