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

type DetailOptions = { status?: 'active' | 'disabled'; twoFactor?: boolean; locked?: boolean; downline?: number };

function detail({
  status = 'active',
  twoFactor = false,
  locked = false,
  downline = 0,
}: DetailOptions = {}): PlayerDetail {
  return {
    account: {
      ...item,
      status,
      nickname: 'Demo',
      realName: 'Rahim Uddin',
      language: 'bn',
      inviteCode: 'ABC123',
      mustChangePassword: false,
      failedLoginCount: locked ? 5 : 0,
      // Far ahead: the console compares it with the browser's clock.
      lockedUntil: locked ? '2999-01-01T00:00:00.000Z' : null,
      registerIp: '198.51.100.1',
      registerMethod: 'username',
      twoFactorEnabled: twoFactor,
    },
    upline: { id: 3, username: 'agent_one', kind: 'agent' },
    downline: [],
    downlineTotal: downline,
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

const node = (id: number, username: string, kind: 'agent' | 'member', downlineTotal: number) => ({
  id,
  username,
  kind,
  status: 'active',
  createdAt: '2030-01-01T08:00:00.000Z',
  downlineTotal,
});
const downlinePage = (items: ReturnType<typeof node>[]) => ({
  items,
  pageNo: 1,
  pageSize: 50,
  total: items.length,
  totalPages: 1,
});

function serve(
  role: 'owner' | 'finance' | 'support' | 'risk',
  options: { thresholdMinor?: string; windowTotalMinor?: string } & Omit<DetailOptions, 'status'> = {},
) {
  let status: 'active' | 'disabled' = 'active';
  let { twoFactor, locked } = options;
  const current = () => detail({ ...options, status, twoFactor, locked });
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture(role)),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'GET /bo/api/players': ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        const items = q === '' || 'demo_player'.includes(q) ? [item] : [];
        return okResponse({ items, pageNo: 1, pageSize: 20, total: items.length, totalPages: 1 });
      },
      'GET /bo/api/players/7': () => okResponse(current()),
      'GET /bo/api/players/7/downline': () =>
        okResponse(downlinePage([node(8, 'sub_agent', 'agent', 1), node(9, 'direct_member', 'member', 0)])),
      'GET /bo/api/players/8/downline': () => okResponse(downlinePage([node(10, 'deep_member', 'member', 0)])),
      'GET /bo/api/adjustments/policy': ({ url }) => {
        const windowMinor = options.windowTotalMinor ?? '0';
        const windowTotal = url.searchParams.get('playerId')
          ? { amount: (Number(windowMinor) / 100).toFixed(2), minor: windowMinor }
          : null;
        return options.thresholdMinor
          ? okResponse({
              currency: 'BDT',
              approvalThreshold: {
                amount: (Number(options.thresholdMinor) / 100).toFixed(2),
                minor: options.thresholdMinor,
              },
              directWindowHours: 24,
              windowTotal,
            })
          : okResponse({
              currency: 'BDT',
              approvalThreshold: { amount: '0.00', minor: '0' },
              directWindowHours: 24,
              windowTotal,
            });
      },
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
      'POST /bo/api/adjustments': ({ body }) => {
        const direct = Boolean(options.thresholdMinor) && BigInt(options.thresholdMinor ?? '0') >= 25000n;
        return okResponse({
          id: 31,
          player: { id: 7, username: 'demo_player' },
          direction: (body as { direction: string }).direction,
          amount: { amount: '250.00', minor: '25000' },
          currency: 'BDT',
          reason: 'bonus',
          note: 'x',
          status: direct ? 'approved' : 'pending',
          proposedBy: `${role}.op`,
          proposedAt: '2030-01-02T10:00:00.000Z',
          decidedBy: null,
          decidedAt: direct ? '2030-01-02T10:00:00.000Z' : null,
          rejectReason: null,
          ledgerTransferId: direct ? 77 : null,
          direct,
          approvalReason: direct ? null : 'amount',
        });
      },
      'POST /bo/api/players/7/disable': () => {
        status = 'disabled';
        return okResponse(current().account);
      },
      'POST /bo/api/players/7/unlock': () => {
        locked = false;
        return okResponse(current().account);
      },
      'POST /bo/api/players/7/reset-2fa': () => {
        twoFactor = false;
        return okResponse(current().account);
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

describe('account security and the downline tree', () => {
  it('unlocks a locked account and resets two-step verification, each after confirming', async () => {
    const fetchMock = serve('owner', { twoFactor: true, locked: true });
    renderConsole('/players/7');
    expect(await screen.findByText('On (authenticator app)', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock sign-in' }));
    const unlock = await screen.findByRole('dialog', { name: 'Unlock demo_player?' });
    expect(posts(fetchMock, '/bo/api/players/7/unlock')).toHaveLength(0);
    fireEvent.click(within(unlock).getByRole('button', { name: 'Unlock sign-in' }));
    expect(await screen.findByText('demo_player can sign in again')).toBeTruthy();
    expect(posts(fetchMock, '/bo/api/players/7/unlock')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unlock sign-in' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reset two-step verification' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset two-step verification of demo_player?' });
    fireEvent.click(within(reset).getByRole('button', { name: 'Reset two-step verification' }));
    expect(await screen.findByText('Two-step verification of demo_player is off')).toBeTruthy();
    expect(posts(fetchMock, '/bo/api/players/7/reset-2fa')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset two-step verification' })).toBeNull());
  });

  it('offers neither action to a role without the permissions, nor on an account that needs none', async () => {
    serve('finance', { twoFactor: true, locked: true });
    renderConsole('/players/7');
    expect(await screen.findByText('On (authenticator app)', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock sign-in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
  });

  it('shows the downline as a tree, fetching a level only when it is opened', async () => {
    const fetchMock = serve('support', { downline: 2 });
    renderConsole('/players/7');
    const tree = await screen.findByRole('list', { name: 'Accounts below demo_player' }, { timeout: 5000 });
    expect(await within(tree).findByRole('link', { name: 'sub_agent' })).toBeTruthy();
    expect(within(tree).getByRole('link', { name: 'direct_member' }).getAttribute('href')).toBe('/players/9');
    expect(within(tree).getByText('1 account below')).toBeTruthy();
    const fetched = (id: number) =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes(`/bo/api/players/${id}/downline`));
    expect(fetched(8)).toHaveLength(0);
    // Only accounts with a downline can be opened.
    expect(within(tree).queryByRole('button', { name: 'Show the accounts below direct_member' })).toBeNull();
    const open = within(tree).getByRole('button', { name: 'Show the accounts below sub_agent' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    const level = await screen.findByRole('list', { name: 'Accounts below sub_agent' });
    expect(await within(level).findByRole('link', { name: 'deep_member' })).toBeTruthy();
    expect(fetched(8)).toHaveLength(1);
    const close = within(tree).getByRole('button', { name: 'Hide the accounts below sub_agent' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Accounts below sub_agent' })).toBeNull());
  });

  it('applies an adjustment within the approval limit at once, and says so before', async () => {
    const fetchMock = serve('finance', { thresholdMinor: '50000' });
    renderConsole('/players/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust balance' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust the balance of demo_player' });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '500.01' } });
    expect(
      within(dialog).getByText('Above the limit of 500.00 BDT: nothing moves until another operator approves it.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Propose' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '250' } });
    expect(
      within(dialog).getByText('Within the limit of 500.00 BDT: the money moves as soon as you confirm.'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Note/), { target: { value: 'Ticket 91' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply now' }));
    expect(await screen.findByText('Adjustment #31 applied: +250.00 BDT')).toBeTruthy();
    expect(posts(fetchMock, '/bo/api/adjustments')).toHaveLength(1);
    // Sent with a key of its own, so a retry after a lost answer cannot apply it twice.
    const headers = posts(fetchMock, '/bo/api/adjustments')[0]?.[1]?.headers as Record<string, string>;
    expect(headers['idempotency-key']).toMatch(/^[\w-]{16,}$/);
  });

  it('sorts the list on the server from a column header, back to the first page', async () => {
    const fetchMock = serve('support');
    renderConsole('/players');
    const header = await screen.findByRole('columnheader', { name: /Account/ }, { timeout: 5000 });
    const registered = screen.getByRole('columnheader', { name: /Registered/ });
    expect(registered.getAttribute('aria-sort')).toBe('descending');
    const listCalls = () =>
      fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((url) => url.pathname === '/bo/api/players');
    expect(listCalls()[0]?.searchParams.get('sort')).toBe('createdAt');
    expect(listCalls()[0]?.searchParams.get('order')).toBe('desc');
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('sort')).toBe('username'));
    expect(listCalls().at(-1)?.searchParams.get('order')).toBe('asc');
    expect(listCalls().at(-1)?.searchParams.get('pageNo')).toBe('1');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('order')).toBe('desc'));
  });

  it("counts the player's direct adjustments of the window: says when an amount within the limit will wait", async () => {
    const fetchMock = serve('finance', { thresholdMinor: '50000', windowTotalMinor: '40000' });
    renderConsole('/players/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust balance' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust the balance of demo_player' });
    expect(
      await within(dialog).findByText(
        "This player's direct adjustments in the last 24 hours: 400.00 BDT of the 500.00 BDT limit.",
      ),
    ).toBeTruthy();
    // The form asked for this player's total.
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/bo/api/adjustments/policy?playerId=7'))).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '100' } });
    expect(
      within(dialog).getByText(
        'With the 400.00 BDT already adjusted directly in the last 24 hours, this stays within the limit of 500.00 BDT: the money moves as soon as you confirm.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply now' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '100.01' } });
    expect(
      within(dialog).getByText(
        'With the 400.00 BDT already adjusted directly in the last 24 hours, this goes above the limit of 500.00 BDT: nothing moves until another operator approves it.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Propose' })).toBeTruthy();
  });
});
