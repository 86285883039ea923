import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import {
  bodyOf,
  envelopeResponse,
  identityPermissionFixture,
  mockApi,
  registerSettingsFixture,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

function serve(off: readonly string[] = []) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/system/whitelabel': () => envelopeResponse(identityPermissionFixture(off)),
      '/wps/system/setting/register': () => envelopeResponse(registerSettingsFixture()),
      '/wps/captcha': () =>
        envelopeResponse({ captchaId: '00000000-0000-4000-8000-000000000001', image: 'iVBO', expiresInSeconds: 120 }),
      '/wps/member/password/email': () => envelopeResponse({ sent: true }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openForgotPassword() {
  renderApp('/login');
  const login = await screen.findByRole('dialog', { name: 'Log in' });
  fireEvent.click(within(login).getByRole('button', { name: 'Forgot password?' }));
  return screen.findByRole('dialog', { name: 'Forgot password' });
}

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgot password', () => {
  it('starts on the mobile method when FORGOTPWDMOBILE3 is on', async () => {
    serve();
    const dialog = await openForgotPassword();
    expect(await within(dialog).findByRole('tab', { name: 'By mobile', selected: true })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('by e-mail: checks both fields, sends, shows the sent notice and closes', async () => {
    const fetchMock = serve(['FORGOTPWDMOBILE3']);
    const dialog = await openForgotPassword();
    expect(within(dialog).queryByRole('tablist')).toBeNull();
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Username' }), {
      target: { value: 'rahim01' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'rahim@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText('E-mail format is incorrect')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'rahim@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/we have sent a password reset link/)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/wps/member/password/email'));
    expect(bodyOf(call?.[1] as RequestInit)).toEqual({ username: 'rahim01', email: 'rahim@example.com' });
  });
});
