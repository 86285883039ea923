import { webcrypto } from 'node:crypto';
import { type CallEntry, calls } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, failureResponse } from '@/testing/fixtures';
import { ApiError, apiCall, configureApiClient, describeError } from './api-client';
import { base64ToBytes, bytesToBase64 } from './crypto';
import { chooseLanguage } from './i18n';
import { setToken } from './storage';

type FetchMock = ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

function installFetch(answer: (init: RequestInit) => Response | Promise<Response>): FetchMock {
  const fetchMock: FetchMock = vi.fn(async (_input, init = {}) => answer(init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: FetchMock, call = 0): Record<string, string> {
  return (fetchMock.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
}

const numberSchema = {
  safeParse: (value: unknown) =>
    typeof value === 'number' ? { success: true as const, data: value } : { success: false as const, error: 'NaN' },
};

beforeEach(async () => {
  configureApiClient({ merchantCode: 'BDX88', payloadEncryption: { enabled: false, publicKey: null } });
  await chooseLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiCall with an early request (index.html sent it before the app ran)', () => {
  const sameHeaders = { accept: 'application/json', merchant: 'BDX88', language: 'en', device: 'WEB' };

  it('takes the early answer instead of asking again when it carried the same headers', async () => {
    const fetchMock = installFetch(() => envelopeResponse(2));
    const early = {
      method: 'GET',
      path: '/wps/system/whitelabel',
      headers: sameHeaders,
      response: Promise.resolve(envelopeResponse(1)),
    };
    await expect(apiCall(calls.systemWhitelabel, { schema: numberSchema, early })).resolves.toBe(1);
    // Header names in another order and case are the same headers.
    const shuffled = { Device: 'WEB', LANGUAGE: 'en', Merchant: 'BDX88', Accept: 'application/json' };
    const second = { ...early, headers: shuffled, response: Promise.resolve(envelopeResponse(3)) };
    await expect(apiCall(calls.systemWhitelabel, { schema: numberSchema, early: second })).resolves.toBe(3);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a failed early request as the same translated error a call of its own would give', async () => {
    installFetch(() => envelopeResponse(2));
    const early = {
      method: 'GET',
      path: '/wps/system/whitelabel',
      headers: sameHeaders,
      response: Promise.reject(new TypeError('offline')),
    };
    await expect(apiCall(calls.systemWhitelabel, { early })).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('asks again when the early request carried other headers (another language, no merchant)', async () => {
    const fetchMock = installFetch(() => envelopeResponse(2));
    for (const headers of [
      { ...sameHeaders, language: 'bn' },
      { accept: 'application/json', language: 'en', device: 'WEB' },
    ]) {
      const early = {
        method: 'GET',
        path: '/wps/system/whitelabel',
        headers,
        response: Promise.resolve(envelopeResponse(1)),
      };
      await expect(apiCall(calls.systemWhitelabel, { schema: numberSchema, early })).resolves.toBe(2);
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('takes an early POST only when it sent the same body (as text) with the same headers', async () => {
    const fetchMock = installFetch(() => envelopeResponse(2));
    const body = { types: 'B,PL,PU,PR,H', platform: 'W', execution: 'B' };
    const headers = { ...sameHeaders, 'content-type': 'application/json' };
    const early = (sent: string) => ({
      method: 'POST',
      path: calls.announcements.path,
      headers,
      body: sent,
      response: Promise.resolve(envelopeResponse(1)),
    });
    const call = (sent: string) => apiCall(calls.announcements, { schema: numberSchema, body, early: early(sent) });
    await expect(call(JSON.stringify(body))).resolves.toBe(1);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(call(JSON.stringify({ ...body, types: 'B' }))).resolves.toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('apiCall headers', () => {
  it('sends Merchant, Language and Device on every call', async () => {
    const fetchMock = installFetch(() => envelopeResponse({ ok: true }));
    await apiCall(calls.systemWhitelabel);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/wps/system/whitelabel');
    expect(sentHeaders(fetchMock)).toMatchObject({ merchant: 'BDX88', language: 'en', device: 'WEB' });
  });

  it('sends the current language after the player switches it', async () => {
    const fetchMock = installFetch(() => envelopeResponse(null));
    await chooseLanguage('bn');
    await apiCall(calls.systemStatus);
    expect(sentHeaders(fetchMock).language).toBe('bn');
  });

  it('adds the session token only to calls marked T', async () => {
    setToken('session-token-1');
    const fetchMock = installFetch(() => envelopeResponse(null));
    await apiCall(calls.memberInfo);
    await apiCall(calls.systemWhitelabel);
    expect(calls.memberInfo.token).toBe(true);
    expect(sentHeaders(fetchMock, 0).authorization).toBe('session-token-1');
    expect(sentHeaders(fetchMock, 1)).not.toHaveProperty('authorization');
  });

  it('sends no Authorization header on a T call when no token is stored', async () => {
    const fetchMock = installFetch(() => envelopeResponse(null));
    await apiCall(calls.memberInfo);
    expect(sentHeaders(fetchMock)).not.toHaveProperty('authorization');
  });

  it('puts query parameters in the URL, skipping empty ones, and sends JSON bodies', async () => {
    const fetchMock = installFetch(() => envelopeResponse(null));
    await apiCall(calls.systemHelpCenter, { query: { lang: 'bn', device: 'WEB', page: undefined } });
    await apiCall(calls.feedback, { body: { content: 'hi', type: 0 }, idempotencyKey: 'key-1' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/wps/system/helpCenter?lang=bn&device=WEB');
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ method: 'PUT', body: '{"content":"hi","type":0}' });
    expect(sentHeaders(fetchMock, 1)).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': 'key-1' });
  });
});

describe('apiCall answers', () => {
  it('unwraps the envelope and returns the value', async () => {
    installFetch(() => envelopeResponse({ balance: '100' }));
    await expect(apiCall(calls.walletBalance)).resolves.toEqual({ balance: '100' });
  });

  it('validates the value with the schema when one is given', async () => {
    installFetch(() => envelopeResponse(42));
    await expect(apiCall(calls.systemStatus, { schema: numberSchema })).resolves.toBe(42);
  });

  it('refuses a value that does not match the schema as RESPONSE_INVALID', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    installFetch(() => envelopeResponse('not a number'));
    await expect(apiCall(calls.systemStatus, { schema: numberSchema })).rejects.toMatchObject({
      code: 'RESPONSE_INVALID',
    });
  });

  it('turns a failure envelope into an ApiError with the translated message and the details', async () => {
    installFetch(() =>
      failureResponse('VALIDATION_FAILED', 400, {
        params: { field: 'username' },
        issues: [{ path: 'username', message: 'Required', code: 'required' }],
      }),
    );
    const error = await apiCall(calls.register, { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid. Please check and try again.',
      serverMessage: 'server text for VALIDATION_FAILED',
      params: { field: 'username' },
      issues: [{ path: 'username', message: 'Required', code: 'required' }],
      requestId: 'req-1',
      httpStatus: 400,
    });
  });

  it('interpolates error parameters into the translation', async () => {
    installFetch(() => failureResponse('RATE_LIMITED', 429, { params: { retryAfterSeconds: 30 } }));
    await expect(apiCall(calls.captcha)).rejects.toMatchObject({
      message: 'Too many requests. Please retry after 30 seconds.',
    });
  });

  it('falls back to the server message for a code the client has no text for', async () => {
    // A code from a newer server than this build: the catalogue cannot have a text for it yet.
    installFetch(() => failureResponse('GAMING_VENDOR_NEWER_CODE', 409));
    await expect(apiCall(calls.walletTransfer, { body: {} })).rejects.toMatchObject({
      code: 'GAMING_VENDOR_NEWER_CODE',
      message: 'server text for GAMING_VENDOR_NEWER_CODE',
    });
  });

  it('re-translates an error in the language chosen after it was thrown', async () => {
    installFetch(() => failureResponse('AUTH_REQUIRED', 401));
    const error = await apiCall(calls.memberInfo).catch((caught: unknown) => caught);
    expect(describeError(error)).toBe('You are not logged in, please login');
    await chooseLanguage('bn');
    expect(describeError(error)).toBe('আপনি লগইন করেননি, অনুগ্রহ করে লগইন করুন');
  });

  it('reports an answer without an envelope by its HTTP status', async () => {
    installFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiCall(calls.systemWhitelabel)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      httpStatus: 502,
    });
  });
});

describe('apiCall failures before an answer', () => {
  it('reports a network failure as NETWORK with the spec text', async () => {
    installFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiCall(calls.systemWhitelabel)).rejects.toMatchObject({
      code: 'NETWORK',
      message: 'Network link is abnormal, please try again',
    });
  });

  it('aborts a request after 30 seconds and reports TIMEOUT with the spec text', async () => {
    vi.useFakeTimers();
    installFetch(
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const outcome = apiCall(calls.systemWhitelabel).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(29_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({
      code: 'TIMEOUT',
      message: 'The page took longer time to load, please check your network connectivity',
    });
  });

  it("passes the caller's own abort through as a cancellation, not an ApiError", async () => {
    installFetch(
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const outcome = apiCall(calls.systemWhitelabel, { signal: controller.signal }).catch((caught: unknown) => caught);
    const reason = new DOMException('query cancelled', 'AbortError');
    controller.abort(reason);
    const error = await outcome;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toBe(reason);
  });
});

describe('payload encryption', () => {
  const subtle = webcrypto.subtle;

  async function serverKeyPair() {
    const pair = await subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey));
    const lines = bytesToBase64(spki).match(/.{1,64}/g) ?? [];
    const pem = `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
    return { pem, privateKey: pair.privateKey };
  }

  it('encrypts the body of calls marked E with a fresh AES-GCM key wrapped by the server key', async () => {
    const { pem, privateKey } = await serverKeyPair();
    configureApiClient({ payloadEncryption: { enabled: true, publicKey: pem } });
    const fetchMock = installFetch(() => envelopeResponse({ token: 't' }));
    const body = { username: 'karim01', password: 'Secret#2024', captcha: 'abcd' };

    await apiCall(calls.login, { body });

    const sent = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(Object.keys(sent)).toEqual(['encryptedPayload']);
    const { v, key, iv, data } = sent.encryptedPayload;
    expect(v).toBe(1);
    expect(base64ToBytes(iv)).toHaveLength(12);
    const rawKey = await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, base64ToBytes(key));
    expect(rawKey.byteLength).toBe(32);
    const aesKey = await subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
    const ciphertext = base64ToBytes(data);
    // Ciphertext is the JSON length plus the 16-byte GCM tag that Web Crypto appends.
    expect(ciphertext.length).toBe(new TextEncoder().encode(JSON.stringify(body)).length + 16);
    const plain = await subtle.decrypt({ name: 'AES-GCM', iv: base64ToBytes(iv) }, aesKey, ciphertext);
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual(body);
  });

  it('uses a new key and IV for every request', async () => {
    const { pem } = await serverKeyPair();
    configureApiClient({ payloadEncryption: { enabled: true, publicKey: pem } });
    const fetchMock = installFetch(() => envelopeResponse(null));
    await apiCall(calls.login, { body: { a: 1 } });
    await apiCall(calls.login, { body: { a: 1 } });
    const [first, second] = fetchMock.mock.calls.map((call) => JSON.parse(String(call[1]?.body)).encryptedPayload);
    expect(first.iv).not.toBe(second.iv);
    expect(first.key).not.toBe(second.key);
    expect(first.data).not.toBe(second.data);
  });

  it('leaves calls not marked E, and all calls when encryption is off, in plaintext', async () => {
    const { pem } = await serverKeyPair();
    const fetchMock = installFetch(() => envelopeResponse(null));
    configureApiClient({ payloadEncryption: { enabled: true, publicKey: pem } });
    await apiCall(calls.feedback, { body: { content: 'x' } });
    configureApiClient({ payloadEncryption: { enabled: false, publicKey: pem } });
    await apiCall(calls.login, { body: { username: 'u' } });
    expect(calls.feedback.encrypted).toBe(false);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"content":"x"}');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"username":"u"}');
  });

  it('refuses to send an E body in plaintext when the key cannot be used', async () => {
    configureApiClient({ payloadEncryption: { enabled: true, publicKey: 'not a key' } });
    const fetchMock = installFetch(() => envelopeResponse(null));
    const entry: CallEntry = calls.login;
    await expect(apiCall(entry, { body: { username: 'u' } })).rejects.toMatchObject({
      code: 'CRYPTO_PAYLOAD_REQUIRED',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
