import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import {
  bodyOf,
  envelopeResponse,
  failureResponse,
  identityPermissionFixture,
  memberInfoFixture,
  mockApi,
  registerSettingsFixture,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

type Routes = Parameters<typeof mockApi>[0];

const securityFixture = (overrides: Record<string, unknown> = {}) => ({
  mobile: '+880171****678',
  mobileVerified: true,
  email: null,
  emailVerified: false,
  hasPaymentPassword: false,
  twoFactorEnabled: false,
  recoveryCodesLeft: 0,
  recentLogins: [
    { at: '2026-11-22T09:30:00.000Z', ip: '203.0.113.77', device: 'WEB', method: 'password' },
    { at: '2026-11-21T08:00:00.000Z', ip: '198.51.100.4', device: 'H5', method: 'sms' },
  ],
  ...overrides,
});

function serve(routes: Routes = {}) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/system/whitelabel': () => envelopeResponse(identityPermissionFixture()),
      '/wps/system/setting/register': () => envelopeResponse(registerSettingsFixture()),
      '/wps/member/info': () => envelopeResponse(memberInfoFixture()),
      '/wps/member/security': () => envelopeResponse(securityFixture()),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof serve>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);
}

const wait = { timeout: 15_000 };

async function openSettings() {
  sessionStorage.setItem('token', 'token-123');
  renderApp('/member');
  const heading = await screen.findByRole('heading', { level: 2, name: 'Security settings' }, wait);
  const section = heading.closest('section');
  if (!section) throw new Error('no security settings section');
  return section;
}

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('security settings', { timeout: 60_000 }, () => {
  it('shows the bound contacts with their state, the payment password, two-step state and recent logins', async () => {
    serve();
    const section = await openSettings();
    expect(within(section).getByText('+880171****678')).toBeTruthy();
    expect(within(section).getByText('Verified')).toBeTruthy();
    expect(within(section).getByText('Not linked')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Go to withdrawal' }).getAttribute('href')).toBe(
      '/member?page=withdraw',
    );
    expect(within(section).getByText('Off')).toBeTruthy();
    const table = within(section).getByRole('table');
    expect(within(table).getByText('203.0.113.77')).toBeTruthy();
    expect(within(table).getByText('SMS code')).toBeTruthy();
  });

  it('turns two-step verification on: QR code and key, a wrong code refused, then the recovery codes', async () => {
    let enableCalls = 0;
    const fetchMock = serve({
      '/wps/member/security/2fa/setup': () =>
        envelopeResponse({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/BDX88:rahim01?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=BDX88',
        }),
      '/wps/member/security/2fa/enable': () => {
        enableCalls += 1;
        return enableCalls === 1
          ? failureResponse('IDENTITY_TOTP_INVALID', 400)
          : envelopeResponse({ enabled: true, recoveryCodes: ['abcd-efgh', 'jkmn-pqrs'] });
      },
    });
    const section = await openSettings();
    fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step verification' }, wait);
    expect(await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' }, wait)).toBeTruthy();
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeTruthy();

    const code = within(dialog).getByRole('textbox', { name: /Authenticator code/ });
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('The authenticator code is incorrect or was already used')).toBeTruthy();
    expect(enableCalls).toBe(0);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByRole('alert', {}, wait)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const recovery = await screen.findByRole('dialog', { name: 'Save your recovery codes' }, wait);
    expect(within(recovery).getByText('abcd-efgh')).toBeTruthy();
    const [, init] = callsTo(fetchMock, '/wps/member/security/2fa/enable')[1] ?? [];
    expect(bodyOf(init as RequestInit)).toEqual({ code: '123456' });
  });

  it('links an e-mail address: the format is checked first, then the code is sent and saved', async () => {
    const fetchMock = serve({
      '/wps/member/security/email/code': () => envelopeResponse({ expiredMinutes: 1 }),
      '/wps/member/security/email': () => envelopeResponse({ mobile: '+880171****678', email: 'r***@example.com' }),
    });
    const section = await openSettings();
    fireEvent.click(within(section).getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link an e-mail address' }, wait);
    const address = () => within(dialog).getByRole('textbox', { name: /^E-mail\s*\*?$/ });
    fireEvent.change(address(), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('E-mail format is incorrect')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/member/security/email/code')).toHaveLength(0);

    fireEvent.change(address(), { target: { value: 'rahim@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/member/security/email/code')).toHaveLength(1), wait);
    // The countdown runs once the code went out.
    await within(dialog).findByRole('button', { name: /Resend in \d+s/ }, wait);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail code/ }), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save e-mail' }));
    expect(await screen.findByText('Your e-mail address is linked.', {}, wait)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Link an e-mail address' })).toBeNull();
    const [, init] = callsTo(fetchMock, '/wps/member/security/email')[0] ?? [];
    expect(bodyOf(init as RequestInit)).toEqual({ email: 'rahim@example.com', verificationCode: '654321' });
  });
  it('turns two-step verification off only with the password and a code, then closes with a confirmation', async () => {
    const fetchMock = serve({
      '/wps/member/security': () => envelopeResponse(securityFixture({ twoFactorEnabled: true, recoveryCodesLeft: 8 })),
      '/wps/member/security/2fa/disable': () => envelopeResponse({}),
    });
    const section = await openSettings();
    fireEvent.click(within(section).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification' }, wait);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Authenticator code/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(callsTo(fetchMock, '/wps/member/security/2fa/disable')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Login password/), { target: { value: 'Secret#2026' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Authenticator code/ }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step verification is off.', {}, wait)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Turn off two-step verification' })).toBeNull();
    const [, init] = callsTo(fetchMock, '/wps/member/security/2fa/disable')[0] ?? [];
    expect(bodyOf(init as RequestInit)).toEqual({ password: 'Secret#2026', code: '123456' });
  });
});
