import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { captchaFixture, envelopeResponse, mockApi } from '@/testing/fixtures';
import { useCaptchaImage } from './use-captcha-image';

function serve() {
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      mockApi({
        '/wps/captcha': () => {
          calls += 1;
          return envelopeResponse(captchaFixture(calls));
        },
      }),
    ),
  );
  return () => calls;
}

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useCaptchaImage', () => {
  it('renews after a use once the server second has passed', async () => {
    const captchaCalls = serve();
    const { result } = renderHook(() => useCaptchaImage(true));
    await vi.waitFor(() => expect(result.current.captcha?.captchaId).toBe(captchaFixture(1).captchaId));

    let renewed: Promise<void> = Promise.resolve();
    act(() => {
      renewed = result.current.renew();
    });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(captchaCalls()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      await renewed;
    });
    expect(captchaCalls()).toBe(2);
    expect(result.current.captcha?.captchaId).toBe(captchaFixture(2).captchaId);
  });

  it('loads nothing more once the form is gone, even with a renewal waiting out the second', async () => {
    const captchaCalls = serve();
    const { result, unmount } = renderHook(() => useCaptchaImage(true));
    await vi.waitFor(() => expect(result.current.captcha).not.toBeNull());

    let renewed: Promise<void> = Promise.resolve();
    act(() => {
      renewed = result.current.renew();
    });
    unmount();
    await vi.advanceTimersByTimeAsync(3000);
    await renewed;
    expect(captchaCalls()).toBe(1);
  });
});
