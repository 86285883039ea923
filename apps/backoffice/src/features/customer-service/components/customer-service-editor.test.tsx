import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('customer-service editor', () => {
  it('adds, reorders and removes entries with the shared list, and saves them renumbered', async () => {
    const fetchMock = vi.fn(
      mockApi({
        'GET /bo/api/session/me': () => okResponse(meFixture('support')),
        'GET /bo/api/config': () => okResponse(configFixture()),
        'PUT /bo/api/config/customer-service': () => okResponse(configFixture()),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderConsole('/customer-service');
    await screen.findByRole('heading', { level: 1, name: 'Customer service' });

    fireEvent.click(await screen.findByRole('button', { name: 'Add entry' }));
    const [, addedTitle] = screen.getAllByLabelText(/^Title shown to players/);
    const [, addedUrl] = screen.getAllByLabelText(/^Link/);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Enter a title')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(addedTitle as HTMLElement, { target: { value: 'Chat with us' } });
    fireEvent.change(addedUrl as HTMLElement, { target: { value: 'https://chat.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Chat with us' }));
    expect(screen.getByRole('button', { name: 'Move up: Chat with us' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      entries: [
        { csType: 'LIVECHAT', title: 'Chat with us', url: 'https://chat.example.com', sort: 1, enabled: true },
        { csType: 'TELEGRAM', title: 'Telegram', url: 'https://t.me/help', sort: 2, enabled: true },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove: Telegram' }));
    expect(screen.queryByRole('button', { name: 'Remove: Telegram' })).toBeNull();
  });
});
