/**
 * Shares one running promise per key between concurrent callers. Both cache backends use it for
 * `getOrSet`, so a burst of misses on a cold key loads once per process instead of once per request.
 */
export class SingleFlight<T> {
  readonly #pending = new Map<string, Promise<T>>();

  /** Runs `work` unless a call for `key` is already running, in which case its promise is returned. */
  run(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.#pending.get(key);
    if (running) return running;
    // `then` makes a synchronous throw in `work` a rejection, and the entry is registered before `work` starts.
    const flight: Promise<T> = Promise.resolve()
      .then(work)
      .finally(() => {
        if (this.#pending.get(key) === flight) this.#pending.delete(key);
      });
    this.#pending.set(key, flight);
    return flight;
  }
}

/** Refuses TTLs that would store forever (0, negative, NaN, Infinity) or mean nothing to Redis. */
export function assertTtlMs(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`ttlMs must be a positive finite number of milliseconds, got ${ttlMs}`);
  }
}
