import type { ChatMessage, Conversation } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 5,
    status: 'waiting',
    name: '<b>Rahim</b>',
    accountId: null,
    assignedTo: null,
    unread: 2,
    lastMessage: 'Where is my deposit?',
    lastMessageAt: '2030-01-01T08:00:00.000Z',
    createdAt: '2030-01-01T07:59:00.000Z',
    ...overrides,
  };
}

const message = (id: number, sender: ChatMessage['sender'], text: string): ChatMessage => ({
  id,
  conversationId: 5,
  sender,
  senderName: sender === 'member' ? '<b>Rahim</b>' : 'owner.op',
  text,
  createdAt: '2030-01-01T08:00:00.000Z',
});

function serve(role: 'owner' | 'support' | 'finance') {
  let current = conversation();
  const messages = [message(1, 'member', '<img src=x onerror=alert(1)> Where is my deposit?')];
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture(role)),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'GET /bo/api/support/conversations': ({ url }) =>
        okResponse(url.searchParams.get('status') === current.status ? [current] : []),
      'GET /bo/api/support/conversations/5': () => okResponse({ conversation: current, messages }),
      'POST /bo/api/support/conversations/5/assign': () => {
        current = { ...current, status: 'assigned', assignedTo: 'owner.op' };
        return okResponse(current);
      },
      'POST /bo/api/support/conversations/5/messages': ({ body }) => {
        const sent = message(messages.length + 1, 'operator', (body as { text: string }).text);
        messages.push(sent);
        return okResponse(sent);
      },
      'POST /bo/api/support/conversations/5/close': () => {
        current = { ...current, status: 'closed' };
        return okResponse(current);
      },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('live-chat console', () => {
  it('lists waiting conversations with unread counts and shows messages as text, never HTML', async () => {
    serve('support');
    const { container } = renderConsole('/live-chat');
    const item = await screen.findByRole('button', { name: /<b>Rahim<\/b>/ });
    expect(within(item).getByText('2')).toBeTruthy();
    fireEvent.click(item);
    expect(await screen.findByText('<img src=x onerror=alert(1)> Where is my deposit?')).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('assigns to me, replies and closes', async () => {
    const fetchMock = serve('owner');
    renderConsole('/live-chat');
    fireEvent.click(await screen.findByRole('button', { name: /Rahim/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/support/conversations/5/assign'))).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('Reply'), { target: { value: 'We are on it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('We are on it')).toBeTruthy();
    const replies = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/5/messages'));
    expect(JSON.parse(String(replies[0]?.[1]?.body))).toEqual({ text: 'We are on it' });
    fireEvent.click(screen.getByRole('button', { name: 'Close conversation' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    expect(await screen.findByText('This conversation is closed.')).toBeTruthy();
  });

  it('is not offered to roles without the support permission', async () => {
    serve('finance');
    renderConsole('/live-chat');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Live chat' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Live chat' })).toBeNull();
  });
});
