import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, failureResponse, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = vi.fn(mockApi(routes));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('sign-in', () => {
  it('signs in with password, enrols the authenticator from the QR code, and opens the console', async () => {
    let signedIn = false;
    const fetchMock = serve({
      'GET /bo/api/session/me': () => (signedIn ? okResponse(meFixture()) : failureResponse('BO_AUTH_REQUIRED', 401)),
      'POST /bo/api/session/login': ({ body }) =>
        (body as { password: string }).password === 'right-password-1'
          ? okResponse({
              step: 'enrol',
              challenge: 'challenge-token-123456',
              expiresAt: '2030-01-01T08:05:00.000Z',
              secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
              otpauthUri: 'otpauth://totp/Portal%20back%20office:owner?secret=JBSWY3DPEHPK3PXPJBSWY3DP&digits=6',
            })
          : failureResponse('BO_INVALID_CREDENTIALS', 401),
      'POST /bo/api/session/totp': ({ body }) => {
        if ((body as { code: string }).code !== '123456') return failureResponse('BO_TOTP_INVALID', 401);
        signedIn = true;
        return okResponse(meFixture());
      },
      'GET /bo/api/config': () => okResponse(configFixture()),
    });
    renderConsole('/settings');

    // Without a session the console sends the operator to sign in, without a "session ended" notice.
    const username = await screen.findByLabelText(/Username/);
    expect(screen.queryByText(/session has ended/)).toBeNull();
    fireEvent.change(username, { target: { value: 'owner' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password');

    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'right-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    const code = screen.getByLabelText(/Authenticator code/);
    fireEvent.change(code, { target: { value: '12a34' } });
    expect((code as HTMLInputElement).value).toBe('1234');
    expect(screen.getByRole('button', { name: 'Confirm and sign in' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/authenticator code is not correct/);

    fireEvent.change(screen.getByLabelText(/Authenticator code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Site settings' })).toBeTruthy();
    expect(screen.getByText('owner')).toBeTruthy();

    const totpCall = fetchMock.mock.calls.findLast(([url]) => String(url).endsWith('/session/totp'));
    expect(JSON.parse(String(totpCall?.[1]?.body))).toEqual({ challenge: 'challenge-token-123456', code: '123456' });
  });

  it('asks an operator with a one-time password for a new one before the console', async () => {
    let pending = true;
    serve({
      'GET /bo/api/session/me': () => okResponse(meFixture('support', { mustChangePassword: pending })),
      'POST /bo/api/session/password': ({ body }) => {
        expect(body).toEqual({ currentPassword: 'Abcde-fghij-klmno-pqrst', newPassword: 'my-own-long-password' });
        pending = false;
        return okResponse(meFixture('support'));
      },
      'GET /bo/api/config': () => okResponse(configFixture()),
    });
    renderConsole('/settings');
    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Current/), { target: { value: 'Abcde-fghij-klmno-pqrst' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'my-own-long-password' } });
    fireEvent.change(screen.getByLabelText(/Repeat/), { target: { value: 'my-own-long-passwor' } });
    expect(screen.getByText('The two passwords are not the same')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Repeat/), { target: { value: 'my-own-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Site settings' })).toBeTruthy();
  });
});

describe('console shell', () => {
  it('shows a support operator only what the role may open, read-only where it may not write', async () => {
    serve({
      'GET /bo/api/session/me': () => okResponse(meFixture('support')),
      'GET /bo/api/config': () => okResponse(configFixture()),
    });
    renderConsole('/features');
    expect(await screen.findByRole('heading', { level: 1, name: 'Feature switches' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console navigation' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Site settings',
      'Feature switches',
      'Registration rules',
      'Customer service',
      'Players and agents',
      'Balance adjustments',
      'Inbox messages',
      'Feedback',
      'Live chat',
    ]);
    expect(await screen.findByText('Your role can view these settings but not change them.')).toBeTruthy();
    const switches = screen.getAllByRole('switch');
    expect(switches.length).toBe(4);
    expect(switches.every((element) => (element as HTMLInputElement).disabled)).toBe(true);
    // A child of a switched-off node is shown as inactive.
    expect(screen.getByText('Inactive: Registration is off')).toBeTruthy();
  });

  it('returns to sign-in with a notice when the session ends during use', async () => {
    let expired = false;
    serve({
      'GET /bo/api/session/me': () =>
        expired ? failureResponse('BO_SESSION_EXPIRED', 401) : okResponse(meFixture('risk')),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'PUT /bo/api/config/features/FEEDBACK3': () => {
        expired = true;
        return failureResponse('BO_SESSION_EXPIRED', 401);
      },
    });
    renderConsole('/features');
    await screen.findByRole('heading', { level: 1, name: 'Feature switches' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Feedback' }));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(screen.getByLabelText(/Username/)).toBeTruthy();
  });

  it('switches the console to Bengali', async () => {
    serve({
      'GET /bo/api/session/me': () => okResponse(meFixture()),
      'GET /bo/api/config': () => okResponse(configFixture()),
    });
    renderConsole('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Site settings' });
    fireEvent.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'সাইট সেটিংস' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('bn');
    expect(localStorage.getItem('bo.lang')).toBe('bn');
  });
});

describe('registration rules', () => {
  it('sends only the changed rules, and keeps required fields shown', async () => {
    const fetchMock = serve({
      'GET /bo/api/session/me': () => okResponse(meFixture('risk')),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'PUT /bo/api/config/register-fields': () => okResponse(configFixture()),
    });
    renderConsole('/registration');
    await screen.findByRole('heading', { level: 1, name: 'Registration rules' });
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save.hasAttribute('disabled')).toBe(true);

    // Requiring a hidden field shows it as well.
    fireEvent.click(screen.getByLabelText('Nickname: Required'));
    expect((screen.getByLabelText('Nickname: Shown') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('E-mail: Max length'), { target: { value: '3' } });
    expect(screen.getByText('Min is above max')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('E-mail: Max length'), { target: { value: '80' } });
    expect(screen.getByText('2 fields changed')).toBeTruthy();

    fireEvent.click(save);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/config/register-fields'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/config/register-fields'));
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      rules: [
        { field: 'email', enabled: true, required: false, patternId: 'EMAIL', minLength: 6, maxLength: 80 },
        { field: 'nickname', enabled: true, required: true, patternId: 'NO_SPACES', minLength: 2, maxLength: 20 },
      ],
    });
  });
});
