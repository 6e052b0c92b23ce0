/**
 * Who may have an analysis request open (upload being read, analysis queued or running) at all.
 * It sits in front of the analysis pool and counts per user as well as in total:
 *
 * - per user, so that one account (or one script behind it) cannot take every place: a trader
 *   needs one analysis at a time, two covers a double click or a second tab;
 * - in total, so that the uploads held in memory while they are read stay bounded (each may be
 *   up to three 10 MiB files).
 *
 * The pool's own admission (admission.ts) comes later, once the upload has been read, so a
 * client that sends its upload slowly holds a place here, never a worker thread or queue place.
 */
export interface UploadGateOptions {
  perUser: number;
  total: number;
}

export type GateDecision =
  { entered: true; leave(): void } | { entered: false; reason: 'user' | 'total'; open: number };

export class UploadGate {
  private readonly byUser = new Map<string, number>();
  private open = 0;

  constructor(private readonly options: UploadGateOptions) {}

  get inFlight(): number {
    return this.open;
  }

  tryEnter(userId: string): GateDecision {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.options.perUser) return { entered: false, reason: 'user', open: mine };
    if (this.open >= this.options.total) return { entered: false, reason: 'total', open: this.open };
    this.byUser.set(userId, mine + 1);
    this.open++;
    let left = false;
    return {
      entered: true,
      leave: () => {
        if (left) return;
        left = true;
        this.open--;
        const now = (this.byUser.get(userId) ?? 1) - 1;
        if (now <= 0) this.byUser.delete(userId);
        else this.byUser.set(userId, now);
      },
    };
  }
}
