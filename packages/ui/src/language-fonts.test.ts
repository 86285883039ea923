import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageFontsReady } from './language-fonts';

const original = Object.getOwnPropertyDescriptor(document, 'fonts');

function stubFonts(load: (font: string, text: string) => Promise<unknown>) {
  const spy = vi.fn(load);
  Object.defineProperty(document, 'fonts', { configurable: true, value: { load: spy } });
  return spy;
}

afterEach(() => {
  vi.useRealTimers();
  if (original) Object.defineProperty(document, 'fonts', original);
  else Reflect.deleteProperty(document, 'fonts');
});

describe('languageFontsReady', () => {
  it('loads the regular and bold Bengali faces for a Bengali letter, and resolves when both are in', async () => {
    const pending: Array<() => void> = [];
    const load = stubFonts(() => new Promise((resolve) => pending.push(() => resolve([]))));
    let ready = false;
    const waiting = languageFontsReady('bn').then(() => {
      ready = true;
    });
    expect(load.mock.calls).toEqual([
      ['400 1em "Noto Sans Bengali"', 'অ'],
      ['700 1em "Noto Sans Bengali"', 'অ'],
    ]);
    pending[0]?.();
    await Promise.resolve();
    expect(ready).toBe(false);
    pending[1]?.();
    await waiting;
    expect(ready).toBe(true);
  });

  it('asks for nothing for English', async () => {
    const load = stubFonts(async () => []);
    await languageFontsReady('en');
    expect(load).not.toHaveBeenCalled();
  });

  it('gives up waiting after the timeout, and a failed load does not fail it', async () => {
    vi.useFakeTimers();
    stubFonts(() => new Promise(() => undefined));
    let ready = false;
    const waiting = languageFontsReady('bn', 3000).then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    vi.useRealTimers();
    stubFonts(() => Promise.reject(new Error('network')));
    await expect(languageFontsReady('bn')).resolves.toBeUndefined();
  });
});
