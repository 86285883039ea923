import type { ChatMessage, ChatServerMessage, Conversation } from '@portal/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { setToken } from '@/lib/storage';
import { envelopeResponse, failureResponse, mockApi } from '@/testing/fixtures';
import { LiveChatWindow } from './live-chat-window';

/** A stand-in for the browser WebSocket: records what the page sends and lets the test play the server. */
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: ChatServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: 9,
  status: 'waiting',
  name: 'Rahim',
  accountId: null,
  assignedTo: null,
  unread: 0,
  lastMessage: null,
  lastMessageAt: null,
  createdAt: '2030-01-01T08:00:00.000Z',
  ...overrides,
});

const message = (id: number, sender: ChatMessage['sender'], text: string): ChatMessage => ({
  id,
  conversationId: 9,
  sender,
  senderName: sender === 'member' ? 'Rahim' : 'agent.ana',
  text,
  createdAt: '2030-01-01T08:00:00.000Z',
});

function Harness({ initial = null }: { initial?: string | null }) {
  const [token, setToken] = useState<string | null>(initial);
  return <LiveChatWindow chatToken={token} onChatToken={setToken} />;
}

const latest = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live-chat window', () => {
  it('asks a visitor for a name (translated), then starts the chat and authenticates the socket with the token', async () => {
    const fetchMock = vi.fn(
      mockApi({
        '/wps/relay/CBS_launchChat': () =>
          envelopeResponse({
            chatUrl: '/live-chat?chatToken=tok-1',
            chatToken: 'tok-1',
            conversationId: 9,
            expiresAt: '2030-01-01T10:00:00.000Z',
          }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await i18n.changeLanguage('bn');
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'চ্যাট শুরু করুন' }));
    expect(await screen.findByText('চ্যাট শুরু করতে অনুগ্রহ করে আপনার নাম লিখুন')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => i18n.changeLanguage('en'));
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: ' Rahim ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ name: 'Rahim' });
    expect(latest().url).toMatch(/\/wps\/support\/chat$/);
    act(() => latest().open());
    expect(latest().sent).toEqual([{ type: 'auth', chatToken: 'tok-1' }]);
    expect(sessionStorage.getItem('liveChatToken')).toBe('tok-1');
  });

  it('a member starts without a name, with their session token', async () => {
    setToken('member-session');
    const fetchMock = vi.fn(
      mockApi({
        '/wps/relay/CBS_launchChat': () =>
          envelopeResponse({
            chatUrl: '/live-chat',
            chatToken: 'tok-m',
            conversationId: 3,
            expiresAt: '2030-01-01T10:00:00.000Z',
          }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<Harness />);
    expect(screen.queryByLabelText(/Your name/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(new Headers(init.headers).get('authorization')).toBe('member-session');
    expect(JSON.parse(String(init.body))).toEqual({});
  });

  it('shows the history and live answers as text, sends, shows refusals translated, reconnects, and ends closed', async () => {
    render(<Harness initial="tok-1" />);
    act(() => latest().open());
    act(() =>
      latest().receive({
        type: 'ready',
        conversation: conversation(),
        messages: [message(1, 'member', '<b>bold?</b>')],
      }),
    );
    expect(screen.getByText('<b>bold?</b>')).toBeTruthy();
    expect(document.querySelector('.live-chat b')).toBeNull();
    expect(screen.getByText('Waiting for an agent')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(latest().sent.at(-1)).toEqual({ type: 'send', text: 'Hello' });
    act(() => latest().receive({ type: 'error', code: 'SUPPORT_RATE_LIMITED' }));
    expect(screen.getByRole('alert').textContent).toBe('You are sending messages too fast. Please wait a moment.');

    act(() => {
      latest().receive({ type: 'status', conversation: conversation({ status: 'assigned', assignedTo: 'agent.ana' }) });
      latest().receive({ type: 'message', message: message(2, 'operator', 'Hi Rahim, how can I help?') });
    });
    expect(screen.getByText('agent.ana is with you')).toBeTruthy();
    expect(screen.getByText('Hi Rahim, how can I help?')).toBeTruthy();

    vi.useFakeTimers();
    act(() => latest().drop());
    expect(screen.getByText('Connection lost — reconnecting…')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeSocket.all).toHaveLength(2);
    vi.useRealTimers();
    act(() => latest().open());
    expect(latest().sent).toEqual([{ type: 'auth', chatToken: 'tok-1' }]);
    act(() =>
      latest().receive({
        type: 'ready',
        conversation: conversation({ status: 'closed', assignedTo: 'agent.ana' }),
        messages: [message(1, 'member', '<b>bold?</b>'), message(2, 'operator', 'Hi Rahim, how can I help?')],
      }),
    );
    expect(screen.getByText('This chat has ended.')).toBeTruthy();
    expect(screen.queryByLabelText('Message')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start a new chat' }));
    expect(screen.getByRole('button', { name: 'Start chat' })).toBeTruthy();
  });

  it('treats a refused token as an expired link', () => {
    render(<Harness initial="old" />);
    act(() => latest().open());
    act(() => latest().drop(1008));
    expect(screen.getByText('This chat link has expired.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a new chat' })).toBeTruthy();
  });

  it('shows a launch failure from the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(mockApi({ '/wps/relay/CBS_launchChat': () => failureResponse('SYSTEM_FUNCTION_NOT_ENABLED', 403) })),
    );
    render(<Harness />);
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Rahim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start chat' }));
    expect(await screen.findByText('Function not enabled or operation not allowed')).toBeTruthy();
    expect(FakeSocket.all).toHaveLength(0);
  });
});
