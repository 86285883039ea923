import type { PlayerDetail, PlayerListItem } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item: PlayerListItem = {
  id: 7,
  username: 'demo_player',
  kind: 'member',
  type: 0,
  status: 'active',
  mobile: '+8801712345678',
  email: 'demo@example.com',
  uplineId: 3,
  createdAt: '2030-01-01T08:00:00.000Z',
  lastLoginAt: '2030-01-02T09:00:00.000Z',
  lastLoginIp: '203.0.113.9',
};

function detail(status: 'active' | 'disabled' = 'active'): PlayerDetail {
  return {
    account: {
      ...item,
      status,
      nickname: 'Demo',
      realName: 'Rahim Uddin',
      language: 'bn',
      inviteCode: 'ABC123',
      mustChangePassword: false,
      failedLoginCount: 0,
      lockedUntil: null,
      registerIp: '198.51.100.1',
      registerMethod: 'username',
    },
    upline: { id: 3, username: 'agent_one', kind: 'agent' },
    downline: [],
    downlineTotal: 0,
    balance: {
      currency: 'BDT',
      scale: 2,
      main: { amount: '1234.56', minor: '123456' },
      onHold: { amount: '0.00', minor: '0' },
      vendors: [],
      total: { amount: '1234.56', minor: '123456' },
      accountId: 40,
    },
  };
}

const emptyPage = { items: [], pageNo: 1, pageSize: 20, total: 0, totalPages: 0 };

function serve(role: 'owner' | 'finance' | 'support' | 'risk') {
  let status: 'active' | 'disabled' = 'active';
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture(role)),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'GET /bo/api/players': ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        const items = q === '' || 'demo_player'.includes(q) ? [item] : [];
        return okResponse({ items, pageNo: 1, pageSize: 20, total: items.length, totalPages: 1 });
      },
      'GET /bo/api/players/7': () => okResponse(detail(status)),
      'GET /bo/api/players/7/ledger': () =>
        okResponse({
          items: [
            {
              entryId: 1,
              transferId: 55,
              kind: 'DEPOSIT',
              amountMinor: '123456',
              balanceAfterMinor: '123456',
              counterpartyAccountId: 2,
              reversesTransferId: null,
              metadata: {},
              createdAt: '2030-01-02T09:30:00.000Z',
            },
          ],
          pageNo: 1,
          pageSize: 20,
          total: 1,
          totalPages: 1,
        }),
      'GET /bo/api/players/7/security': () =>
        okResponse({
          sessions: [
            {
              id: 's1',
              scope: 'member',
              loginMethod: 'password',
              ip: '203.0.113.9',
              userAgent: 'Chrome',
              device: 'WEB',
              createdAt: '2030-01-02T09:00:00.000Z',
              lastSeenAt: '2030-01-02T09:10:00.000Z',
              expiresAt: '2030-01-03T09:00:00.000Z',
              revokedAt: null,
              active: true,
            },
          ],
          logins: [{ id: 1, at: '2030-01-02T08:59:00.000Z', ip: '198.51.100.7', success: false, reason: 'password' }],
        }),
      'GET /bo/api/adjustments': () => okResponse(emptyPage),
      'POST /bo/api/adjustments': ({ body }) =>
        okResponse({
          id: 31,
          player: { id: 7, username: 'demo_player' },
          direction: (body as { direction: string }).direction,
          amount: { amount: '250.00', minor: '25000' },
          currency: 'BDT',
          reason: 'bonus',
          note: 'x',
          status: 'pending',
          proposedBy: `${role}.op`,
          proposedAt: '2030-01-02T10:00:00.000Z',
          decidedBy: null,
          decidedAt: null,
          rejectReason: null,
          ledgerTransferId: null,
        }),
      'POST /bo/api/players/7/disable': () => {
        status = 'disabled';
        return okResponse(detail(status).account);
      },
      'POST /bo/api/players/7/reset-password': () => okResponse({ temporaryPassword: 'Xk3mPq7Rt2Wz7' }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && init?.method === 'POST');

describe('players and agents', () => {
  it('searches and opens a player with profile, balances, ledger, sessions and login history', async () => {
    const fetchMock = serve('support');
    renderConsole('/players');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Players and agents' }, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No account matches.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/bo/api/players?q=nobody'))).toBe(true);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const row = await screen.findByTestId('player-7');
    expect(within(row).getByText('+8801712345678')).toBeTruthy();
    fireEvent.click(within(row).getByRole('link', { name: 'Open demo_player' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'demo_player' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('player-balance').textContent).toContain('1,234.56 BDT');
    expect(screen.getByRole('link', { name: 'agent_one' }).getAttribute('href')).toBe('/players/3');
    const ledger = await screen.findByRole('table', { name: 'Ledger entries of the main wallet' });
    expect(within(ledger).getByText('DEPOSIT')).toBeTruthy();
    expect(within(ledger).getAllByText('1,234.56')).toHaveLength(2);
    fireEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    const sessions = await screen.findByRole('table', { name: 'Sessions' });
    expect(within(sessions).getByText('203.0.113.9')).toBeTruthy();
    expect(within(sessions).getByText('Live')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Login history' }));
    const logins = await screen.findByRole('table', { name: 'Login attempts' });
    expect(within(logins).getByText('Refused (password)')).toBeTruthy();
    // Support may reset passwords but not disable, propose or approve.
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Propose adjustment' })).toBeNull();
  });

  it('disables an account only with a reason', async () => {
    const fetchMock = serve('risk');
    renderConsole('/players/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable account' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable demo_player?' });
    const confirm = within(dialog).getByRole('button', { name: 'Disable account' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Chargeback fraud' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('demo_player is disabled and signed out')).toBeTruthy();
    expect(JSON.parse(String(posts(fetchMock, '/bo/api/players/7/disable')[0]?.[1]?.body))).toEqual({
      reason: 'Chargeback fraud',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enable account' })).toBeTruthy());
  });

  it('shows a reset one-time password once', async () => {
    serve('owner');
    renderConsole('/players/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset password' }, { timeout: 5000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the password of demo_player?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: 'One-time password for demo_player' });
    expect(within(shown).getByTestId('temporary-password').textContent).toBe('Xk3mPq7Rt2Wz7');
  });

  it('proposes an adjustment from the player page, checking the amount first', async () => {
    const fetchMock = serve('finance');
    renderConsole('/players/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Propose adjustment' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a balance adjustment for demo_player' });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '12.345' } });
    fireEvent.change(within(dialog).getByLabelText(/Note/), { target: { value: 'Ticket 88' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await within(dialog).findByText('Enter an amount above zero with at most 2 decimals')).toBeTruthy();
    expect(posts(fetchMock, '/bo/api/adjustments')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Credit or debit/), { target: { value: 'debit' } });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await screen.findByText('Adjustment #31 proposed: waiting for another operator')).toBeTruthy();
    expect(JSON.parse(String(posts(fetchMock, '/bo/api/adjustments')[0]?.[1]?.body))).toEqual({
      playerId: 7,
      direction: 'debit',
      amount: '250',
      reason: 'compensation',
      note: 'Ticket 88',
    });
  });
});
