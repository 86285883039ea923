import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import {
  bodyOf,
  captchaFixture,
  envelopeResponse,
  failureResponse,
  identityPermissionFixture,
  loginResultFixture,
  memberInfoFixture,
  mockApi,
  registerSettingsFixture,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

type Routes = Parameters<typeof mockApi>[0];

const challenge = (overrides: Record<string, unknown> = {}) => ({
  challengeId: '6b0d5c1e-0000-4000-8000-000000000001',
  reason: 'newIp',
  methods: ['sms', 'email', 'bankName'],
  expiresInSeconds: 600,
  mobile: '+880171****678',
  email: 'r***@example.com',
  ...overrides,
});

/** The member switches with one-click login (OAUTHLOGIN3) on or off. */
function withOidc(enabled: boolean) {
  const permission = identityPermissionFixture();
  const member = permission.info.whitelabel.find((node) => node.modId === 'MEMBER');
  member?.childrenNodes.push({ modId: 'OAUTHLOGIN3', enabled, childrenNodes: [] });
  return permission;
}

function serve(routes: Routes = {}) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/system/whitelabel': () => envelopeResponse(identityPermissionFixture()),
      '/wps/system/setting/register': () => envelopeResponse(registerSettingsFixture()),
      '/wps/captcha': () => envelopeResponse(captchaFixture(1)),
      '/wps/member/info': () => envelopeResponse(memberInfoFixture()),
      '/wps/session/login': () => failureResponse('IDENTITY_VERIFICATION_REQUIRED', 403, { params: challenge() }),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof serve>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);
}

async function passwordStep() {
  renderApp('/login');
  const dialog = await screen.findByRole('dialog', { name: 'Log in' }, { timeout: 15_000 });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Username' }), { target: { value: 'rahim01' } });
  const password = within(dialog)
    .getAllByLabelText(/^Password/)
    .find((element) => element instanceof HTMLInputElement);
  if (!password) throw new Error('no password field');
  fireEvent.change(password, { target: { value: 'Secret#2026' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
  return dialog;
}

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login verification step', { timeout: 60_000 }, () => {
  it('asks a new-IP login to verify, sends the SMS code with the countdown, and logs in with it', async () => {
    const fetchMock = serve({
      '/wps/session/login/verification/code': () => envelopeResponse({ expiredMinutes: 1 }),
      '/wps/session/login/verification': () => envelopeResponse(loginResultFixture()),
    });
    const dialog = await passwordStep();
    expect(await within(dialog).findByText('Confirm it is you', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Mobile code' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('tab', { name: 'E-mail code' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Bank name' })).toBeTruthy();
    expect(within(dialog).getByText('The code goes to +880171****678')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByRole('button', { name: /Resend in \d+s/ })).toBeTruthy();
    const [, sendInit] = callsTo(fetchMock, '/wps/session/login/verification/code')[0] ?? [];
    expect(bodyOf(sendInit as RequestInit)).toEqual({ challengeId: challenge().challengeId, method: 'sms' });

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Code sent by SMS/ }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    const [, verifyInit] = callsTo(fetchMock, '/wps/session/login/verification')[0] ?? [];
    expect(bodyOf(verifyInit as RequestInit)).toEqual({
      challengeId: challenge().challengeId,
      method: 'sms',
      answer: '123456',
    });
    expect(sessionStorage.getItem('token')).toBe('token-123');
  });

  it('answers with the bank account holder name and shows a wrong answer without leaving the step', async () => {
    let attempts = 0;
    serve({
      '/wps/session/login/verification': () => {
        attempts += 1;
        return attempts === 1
          ? failureResponse('IDENTITY_VERIFICATION_INVALID', 400)
          : envelopeResponse(loginResultFixture());
      },
    });
    const dialog = await passwordStep();
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Bank name' }, { timeout: 10_000 }));
    const name = within(dialog).getByRole('textbox', { name: /Bank account holder name/ });
    fireEvent.change(name, { target: { value: 'Rahim Uddin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and log in' }));
    expect(
      await within(dialog).findByText('The verification answer is incorrect', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
  });

  it('shows the two-factor login step with only the authenticator code', async () => {
    serve({
      '/wps/session/login': () =>
        failureResponse('IDENTITY_VERIFICATION_REQUIRED', 403, {
          params: challenge({ reason: 'twoFactor', methods: ['totp'] }),
        }),
      '/wps/session/login/verification': () => envelopeResponse(loginResultFixture()),
    });
    const dialog = await passwordStep();
    expect(await within(dialog).findByText('Two-step verification', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(dialog).queryByRole('tab')).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Authenticator code/ }), {
      target: { value: '654321' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
  });

  it('goes back to the login form when the challenge is locked, with the reason', async () => {
    serve({
      '/wps/session/login/verification': () => failureResponse('IDENTITY_VERIFICATION_LOCKED', 423),
    });
    const dialog = await passwordStep();
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Bank name' }, { timeout: 10_000 }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Bank account holder name/ }), {
      target: { value: 'Someone' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and log in' }));
    expect(
      await within(dialog).findByText('Too many wrong answers, please log in again later', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toBeTruthy();
  });

  it('refuses an empty answer without calling the server', async () => {
    const fetchMock = serve();
    const dialog = await passwordStep();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Verify and log in' }, { timeout: 10_000 }));
    expect(await within(dialog).findByText('Input cannot be empty')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/session/login/verification')).toHaveLength(0);
  });

  it('offers the configured one-click providers as links to their login, back to where the player was', async () => {
    serve({
      '/wps/system/whitelabel': () => envelopeResponse(withOidc(true)),
      '/wps/session/oidc/providers': () => envelopeResponse([{ id: 'google', label: 'Google' }]),
    });
    renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' }, { timeout: 15_000 });
    const link = await within(dialog).findByRole('link', { name: 'Continue with Google' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('/wps/session/oidc/google/start?returnTo=%2F');
  });

  it('shows why a one-click login failed when the provider sends the player back', async () => {
    serve({ '/wps/session/oidc/providers': () => envelopeResponse([{ id: 'google', label: 'Google' }]) });
    renderApp('/login?oidcError=IDENTITY_OIDC_FAILED');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' }, { timeout: 15_000 });
    expect(await within(dialog).findByText('Login with this account failed, please try again')).toBeTruthy();
  });

  it('shows no one-click buttons while OAUTHLOGIN3 is off', async () => {
    const fetchMock = serve({
      '/wps/system/whitelabel': () => envelopeResponse(withOidc(false)),
      '/wps/session/oidc/providers': () => envelopeResponse([{ id: 'google', label: 'Google' }]),
    });
    renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' }, { timeout: 15_000 });
    await within(dialog).findByRole('textbox', { name: 'Username' });
    expect(within(dialog).queryByRole('link', { name: /Continue with/ })).toBeNull();
    expect(callsTo(fetchMock, '/wps/session/oidc/providers')).toHaveLength(0);
  });
});
