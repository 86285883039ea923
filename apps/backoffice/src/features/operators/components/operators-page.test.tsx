import type { Operator } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const operator = (id: number, username: string, role: Operator['role']): Operator => ({
  id,
  username,
  role,
  status: 'active',
  totpEnrolled: true,
  mustChangePassword: false,
  lastLoginAt: null,
  lastLoginIp: null,
  createdAt: '2030-01-01T08:00:00.000Z',
});

function serve() {
  const rows = [operator(1, 'owner', 'owner'), operator(2, 'zed.fin', 'finance'), operator(3, 'amy.cs', 'support')];
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture('owner')),
      'GET /bo/api/config': () => okResponse(configFixture()),
      // The server sorts; this stand-in sorts by username when asked, as the real one does.
      'GET /bo/api/operators': ({ url }) => {
        const sort = url.searchParams.get('sort');
        const order = url.searchParams.get('order');
        const items =
          sort === 'username'
            ? [...rows].sort((a, b) => (order === 'desc' ? -1 : 1) * a.username.localeCompare(b.username))
            : rows;
        return okResponse({ items });
      },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('operators page', () => {
  it('sorts the operators on the server from a column header, again for the other direction', async () => {
    const fetchMock = serve();
    renderConsole('/operators');
    const header = await screen.findByRole('columnheader', { name: 'Username' }, { timeout: 5000 });
    expect(header.getAttribute('aria-sort')).toBe('none');
    const asked = () =>
      fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((url) => url.pathname === '/bo/api/operators')
        .map((url) => `${url.searchParams.get('sort')} ${url.searchParams.get('order')}`);
    expect(asked()[0]).toBe('id asc');
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(asked().at(-1)).toBe('username asc'));
    await waitFor(() => {
      const names = screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent ?? '');
      expect(names[0]).toContain('amy.cs');
    });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(asked().at(-1)).toBe('username desc'));
  });
});
