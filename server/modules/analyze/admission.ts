/**
 * Who may start an analysis now. Counts every analysis from the moment it is admitted (before
 * its upload is read) until its answer is sent, and refuses a new one when either
 *
 * - threads + maxQueue analyses are already admitted (the hard bound), or
 * - no thread is free and, at the recent pace, it would wait longer than maxWaitMs for one.
 *
 * The second rule is what keeps an accepted analysis fast when the machine is slow (other work
 * on the cores, bigger screenshots): a fixed queue length alone lets the wait grow with the
 * analysis time, and a trader is better served by "try again in 2 s" than by a 30 s spinner.
 *
 * A third rule bounds memory: the screenshots' pixels of all admitted analyses may not exceed
 * pixelBudget (decoding costs memory by the pixel, not by the file size), except that an
 * analysis is always admitted when nothing else is, so one that is larger than the budget alone
 * still runs.
 */
export interface AdmissionOptions {
  threads: number;
  maxQueue: number;
  maxWaitMs: number;
  /** Pixels of the screenshots of all admitted analyses together (default: no bound). */
  pixelBudget?: number;
}

export type AdmissionDecision = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/** Weight of the newest analysis time in the running average (about the last ten count). */
const PACE_WEIGHT = 0.2;

/**
 * The pace assumed until the first analysis ends: about one cold 1600 x 900 analysis on a busy
 * core. Without it a burst at start-up would fill the whole queue before anything is known.
 */
const INITIAL_SERVICE_MS = 1000;

export class Admission {
  private inFlight = 0;
  private pixelsInFlight = 0;
  /** Recent time one analysis holds a worker thread, ms (a running average). */
  private serviceMs = INITIAL_SERVICE_MS;
  private measured = false;

  constructor(private readonly options: AdmissionOptions) {}

  get admitted(): number {
    return this.inFlight;
  }

  /** Expected wait for a thread of an analysis admitted now, ms (0 while a thread is free). */
  expectedWaitMs(): number {
    const ahead = this.inFlight - this.options.threads;
    if (ahead < 0) return 0;
    return ((ahead + 1) / this.options.threads) * this.serviceMs;
  }

  /**
   * Admits one analysis of `pixels` screenshot pixels (the caller must call done(pixels) once)
   * or says when to come back. `pixels` 0 asks whether a small analysis could start now.
   */
  tryAdmit(pixels = 0): AdmissionDecision {
    const { threads, maxQueue, maxWaitMs, pixelBudget = Infinity } = this.options;
    const full = this.inFlight >= threads + maxQueue;
    const tooSlow = this.inFlight >= threads && this.expectedWaitMs() > maxWaitMs;
    const tooMuchMemory = this.inFlight > 0 && this.pixelsInFlight + pixels > pixelBudget;
    if (full || tooSlow || tooMuchMemory) {
      return { admitted: false, retryAfterSeconds: this.retryAfterSeconds() };
    }
    this.inFlight++;
    this.pixelsInFlight += pixels;
    return { admitted: true };
  }

  /** Whether tryAdmit(0) would admit now, without admitting anything. */
  wouldAdmit(): AdmissionDecision {
    const decision = this.tryAdmit(0);
    if (decision.admitted) this.done(0);
    return decision;
  }

  /** One admitted analysis of `pixels` pixels ended (answered, refused or failed). */
  done(pixels = 0): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.pixelsInFlight = this.inFlight === 0 ? 0 : Math.max(0, this.pixelsInFlight - pixels);
  }

  /** How long a worker thread spent on one analysis (measured in the worker). */
  recordServiceTime(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.serviceMs = this.measured ? this.serviceMs * (1 - PACE_WEIGHT) + ms * PACE_WEIGHT : ms;
    this.measured = true;
  }

  /** Seconds until the analyses ahead have made room, at the recent pace (at least 1). */
  private retryAfterSeconds(): number {
    const ahead = Math.max(0, this.inFlight - this.options.threads + 1);
    return Math.max(1, Math.ceil((ahead / this.options.threads) * (this.serviceMs / 1000)));
  }
}
