/**
 * Fault injection for tests: each armed fault is consumed by the next callback or transfer it applies to.
 *
 * - `duplicateCallbacks`: the next bet and win callbacks are each sent twice (same body, same transaction_uuid,
 *   a fresh request_uuid), as a provider whose first answer got lost would.
 * - `timeoutNextBet`: the portal's answer to the next bet is treated as timed out (not retried); the bet is then
 *   rolled back, as Hub88 does.
 * - `rollbackBeforeBet`: for the next bet, the rollback is sent first and the bet (same transaction_uuid) after it,
 *   so the portal must refuse the late bet.
 * - `outOfOrderWin`: for the next round, the win is sent before the bet's answer is seen; the win is re-sent once
 *   the bet is confirmed, until it gets a definite answer.
 * - `transferAmbiguous`: the next TCG `ft`/`ftoa` is applied, but the answer is lost (`drop`: the connection is
 *   closed; `http500`: a non-JSON 500; `pending`: status 0 with transaction_status PENDING), so the portal must
 *   resolve it with `cs`.
 * - `reportUnavailable`: the next `bdm` report call fails (`error`: status 1 "System busy"; `slow`: no answer,
 *   the connection is dropped after `reportDelayMs`, longer than the merchant's timeout in tests).
 */
export type FaultName =
  | 'duplicateCallbacks'
  | 'timeoutNextBet'
  | 'rollbackBeforeBet'
  | 'outOfOrderWin'
  | 'transferAmbiguous'
  | 'reportUnavailable';
export type ReportFaultMode = 'error' | 'slow';
export type AmbiguousMode = 'drop' | 'http500' | 'pending';
export const FAULT_NAMES: FaultName[] = [
  'duplicateCallbacks',
  'timeoutNextBet',
  'rollbackBeforeBet',
  'outOfOrderWin',
  'transferAmbiguous',
  'reportUnavailable',
];

export class Faults {
  private readonly armed = new Map<FaultName, number>();
  private ambiguousMode: AmbiguousMode = 'drop';
  private reportFaultMode: ReportFaultMode = 'error';
  /** How long a `slow` report answer waits. */
  reportDelayMs = 3_000;
  /** Faults that actually fired, newest last (tests assert on it). */
  readonly fired: Array<{ fault: FaultName; at: string; detail?: string }> = [];

  /** Arms a fault for the next `times` occurrences (adds to what is already armed). */
  arm(fault: FaultName, times = 1, options: { mode?: AmbiguousMode } = {}): void {
    if (!Number.isInteger(times) || times < 1) throw new Error('times must be a positive integer');
    if (options.mode) this.ambiguousMode = options.mode;
    this.armed.set(fault, (this.armed.get(fault) ?? 0) + times);
  }

  duplicateCallbacks(times = 1): void {
    this.arm('duplicateCallbacks', times);
  }
  timeoutNextBet(times = 1): void {
    this.arm('timeoutNextBet', times);
  }
  rollbackBeforeBet(times = 1): void {
    this.arm('rollbackBeforeBet', times);
  }
  outOfOrderWin(times = 1): void {
    this.arm('outOfOrderWin', times);
  }
  transferAmbiguous(times = 1, mode: AmbiguousMode = 'drop'): void {
    this.arm('transferAmbiguous', times, { mode });
  }

  /** Consumes one armed occurrence; true when the fault fires now. */
  take(fault: FaultName, detail?: string): boolean {
    const left = this.armed.get(fault) ?? 0;
    if (left <= 0) return false;
    if (left === 1) this.armed.delete(fault);
    else this.armed.set(fault, left - 1);
    this.fired.push({ fault, at: new Date().toISOString(), ...(detail ? { detail } : {}) });
    return true;
  }

  /** Peeks without consuming (the duplicate fault covers both the bet and the win of one round). */
  isArmed(fault: FaultName): boolean {
    return (this.armed.get(fault) ?? 0) > 0;
  }

  reportUnavailable(times = 1, mode: ReportFaultMode = 'error', delayMs = 3_000): void {
    this.reportFaultMode = mode;
    this.reportDelayMs = delayMs;
    this.arm('reportUnavailable', times);
  }

  get reportMode(): ReportFaultMode {
    return this.reportFaultMode;
  }

  get transferMode(): AmbiguousMode {
    return this.ambiguousMode;
  }

  state(): { armed: Record<string, number>; fired: Faults['fired'] } {
    return { armed: Object.fromEntries(this.armed), fired: [...this.fired] };
  }

  reset(): void {
    this.armed.clear();
    this.fired.length = 0;
    this.ambiguousMode = 'drop';
    this.reportFaultMode = 'error';
    this.reportDelayMs = 3_000;
  }
}
