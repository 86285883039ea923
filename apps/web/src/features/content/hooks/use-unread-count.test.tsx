import { inboxUnreadNoticeKind } from '@portal/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitRealtimeNotice } from '@/lib/realtime-events';
import { syncSessionFromStorage } from '@/lib/session';
import { setToken } from '@/lib/storage';
import { envelopeResponse, memberInfoFixture, mockApi } from '@/testing/fixtures';
import { contentWrapper } from '../testing';
import { useUnreadCount } from './use-unread-count';

function serve(info = memberInfoFixture(), count = 2) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/member/info': () => envelopeResponse(info),
      '/wps/relay/CSP_unreadCount': () => envelopeResponse({ count }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useUnreadCount', () => {
  beforeEach(() => {
    setToken('token-1');
    syncSessionFromStorage();
  });

  it('loads the unread count and follows the socket', async () => {
    serve();
    const { result } = renderHook(() => useUnreadCount(), { wrapper: contentWrapper().wrapper });
    await waitFor(() => expect(result.current).toBe(2));
    act(() => emitRealtimeNotice({ type: 'notice', kind: inboxUnreadNoticeKind, params: { count: 5 } }));
    await waitFor(() => expect(result.current).toBe(5));
    act(() => emitRealtimeNotice({ type: 'notice', kind: 'something.else', params: { count: 9 } }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(result.current).toBe(5);
  });

  it('asks nothing for a trial account', async () => {
    const fetchMock = serve(memberInfoFixture({ isTrial: true, type: 4 }));
    const { result } = renderHook(() => useUnreadCount(), { wrapper: contentWrapper().wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('CSP_unreadCount'))).toBe(false);
    expect(result.current).toBe(0);
  });
});
