import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
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

function serve(routes: Routes = {}) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/system/whitelabel': () => envelopeResponse(identityPermissionFixture()),
      '/wps/system/setting/register': () => envelopeResponse(registerSettingsFixture()),
      '/wps/member/info': () => envelopeResponse(memberInfoFixture()),
      '/wps/session/logout': () => envelopeResponse({ loggedOut: true }),
      '/wps/member/language': ({ init }) => envelopeResponse(bodyOf(init)),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof serve>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);
}

function logIn(token = 'token-123') {
  sessionStorage.setItem('token', token);
}

async function openAccountMenu() {
  const banner = await screen.findByRole('banner');
  fireEvent.click(await within(banner).findByRole('button', { name: /Rahim/ }));
  return screen.findByRole('menu', { name: 'Account menu' });
}

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('header', () => {
  it('shows Login and Register to visitors, and opens their dialogs', async () => {
    serve();
    renderApp('/');
    const banner = await screen.findByRole('banner');
    fireEvent.click(await within(banner).findByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    fireEvent.click(within(banner).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });

  it('shows the logged-in member by nickname, with an account menu of what exists so far', async () => {
    logIn();
    const fetchMock = serve();
    renderApp('/');
    const menu = await openAccountMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My account', 'Change password', 'Refresh balance', 'Hide balance', 'Sign out']);
    expect(within(menu).getByText('rahim01')).toBeTruthy();
    const [, init] = callsTo(fetchMock, '/wps/member/info')[0] ?? [];
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('token-123');
  });

  it('forgets a token the server no longer knows: the player is a visitor again', async () => {
    logIn('expired');
    serve({ '/wps/member/info': () => failureResponse('AUTH_REQUIRED', 401) });
    renderApp('/');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('logout', () => {
  it('asks for confirmation, and keeps the session when cancelled', async () => {
    logIn();
    const fetchMock = serve();
    renderApp('/');
    const menu = await openAccountMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    const confirm = await screen.findByRole('dialog', { name: 'Prompt' });
    expect(within(confirm).getByText('Are you sure you want to log out?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, '/wps/session/logout')).toHaveLength(0);
    expect(sessionStorage.getItem('token')).toBe('token-123');
  });

  it('on confirm calls logout, clears the session data but keeps the merchant code, and shows the visitor header', async () => {
    logIn();
    sessionStorage.setItem('cachedHotGames', '[]');
    const fetchMock = serve();
    renderApp('/');
    const menu = await openAccountMenu();
    await waitFor(() => expect(sessionStorage.getItem('merchantCode')).toBe('BDX88'));
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Prompt' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Log in' })).toBeTruthy();
    const [, init] = callsTo(fetchMock, '/wps/session/logout')[0] ?? [];
    expect(init?.method).toBe('DELETE');
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('token-123');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('cachedHotGames')).toBeNull();
    expect(sessionStorage.getItem('merchantCode')).toBe('BDX88');
  });

  it('still signs out on this device when the logout call fails', async () => {
    logIn();
    serve({ '/wps/session/logout': () => failureResponse('SERVICE_UNAVAILABLE', 503) });
    renderApp('/');
    const menu = await openAccountMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Prompt' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('member centre', () => {
  it('opens the login popup for visitors', async () => {
    serve();
    renderApp('/member');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeTruthy();
  });

  it('tells trial users that a real account is needed, with a way to register', async () => {
    logIn();
    serve({ '/wps/member/info': () => envelopeResponse(memberInfoFixture({ type: 4, isTrial: true })) });
    renderApp('/member');
    expect(
      await screen.findByText('You need a real account for this. Register now — it only takes a minute.'),
    ).toBeTruthy();
    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeTruthy();
  });

  it("shows a member's own account: masked contacts, previous login and the change-password button", async () => {
    logIn();
    serve();
    renderApp('/member');
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByText('rahim01')).toBeTruthy();
    expect(within(main).getByText('+880171****678')).toBeTruthy();
    expect(within(main).getByText('r***@example.com')).toBeTruthy();
    expect(within(main).getByText('203.0.113.50')).toBeTruthy();
    expect(within(main).getByText(formatDateTime('2026-11-20T09:30:00.000Z', 'en'))).toBeTruthy();
    fireEvent.click(within(main).getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(dialog).getAllByLabelText(/^Current password/).length).toBeGreaterThan(0);
  });
});

describe('agent centre', () => {
  it('sends anyone but an agent from /agentHome to the agent landing page', async () => {
    logIn();
    serve();
    renderApp('/agentHome');
    expect(await screen.findByRole('heading', { level: 2, name: 'Agent login' })).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} BDX88. All rights reserved.`)).toBeTruthy();
  });

  it("refuses a member at the agent login with the server's message", async () => {
    serve({ '/wps/agent/session/login': () => failureResponse('IDENTITY_NON_AGENT_LOGIN', 403) });
    renderApp('/agent');
    await screen.findByRole('heading', { level: 2, name: 'Agent login' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Agent username' }), { target: { value: 'rahim01' } });
    const password = screen.getAllByLabelText(/^Password/).find((element) => element instanceof HTMLInputElement);
    if (!password) throw new Error('no password field');
    fireEvent.change(password, { target: { value: 'Secret#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in to the agent centre' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Non-agents cannot log in');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('language', () => {
  it('tells the server about a language change while logged in', async () => {
    logIn();
    const fetchMock = serve();
    renderApp('/');
    await within(await screen.findByRole('banner')).findByRole('button', { name: /Rahim/ });
    fireEvent.click(screen.getByRole('button', { name: 'বাংলা' }));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/member/language')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/wps/member/language')[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(bodyOf(init as RequestInit)).toEqual({ language: 'bn' });
  });

  it('does not call the server for a visitor', async () => {
    const fetchMock = serve();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'বাংলা' }));
    await screen.findByRole('heading', { level: 1, name: /স্বাগতম/ });
    expect(callsTo(fetchMock, '/wps/member/language')).toHaveLength(0);
  });
});
