import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its report is once per page. */
async function freshModule() {
  vi.resetModules();
  return import('./first-screen');
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('first screen', () => {
  it('holds the below-the-fold loads until the first screen is reported', async () => {
    vi.useFakeTimers();
    const { markFirstScreenReady, whenFirstScreenReady } = await freshModule();
    const waiting = whenFirstScreenReady();
    expect(await settled(waiting)).toBe(false);
    markFirstScreenReady();
    expect(await settled(waiting)).toBe(true);
    // Asked again later, it is ready at once.
    expect(await settled(whenFirstScreenReady())).toBe(true);
  });

  it('lets them load after four seconds when nothing reports', async () => {
    vi.useFakeTimers();
    const { whenFirstScreenReady } = await freshModule();
    const waiting = whenFirstScreenReady();
    await vi.advanceTimersByTimeAsync(3999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });
});
