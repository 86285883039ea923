import { inboxUnreadNoticeKind, type UnreadCount } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtimeNotice } from '@/lib/realtime-events';
import { getUnreadCountQueryOptions, inboxQueryKey, unreadCountQueryKey, useInboxAvailable } from '../api/inbox';

/**
 * The member's unread messages (`CSP_unreadCount`), kept current by the realtime socket's `inbox.unread` events:
 * drives the header's mail dot and the member centre's messages badge. 0 for visitors and trial accounts, who
 * have no inbox (spec section 6: trial users do not load unread messages).
 */
export function useUnreadCount(): number {
  const available = useInboxAvailable();
  const queryClient = useQueryClient();
  const query = useQuery({ ...getUnreadCountQueryOptions(), enabled: available });

  useEffect(() => {
    if (!available) return;
    return onRealtimeNotice((notice) => {
      if (notice.kind !== inboxUnreadNoticeKind) return;
      const count = Number(notice.params.count);
      if (Number.isInteger(count) && count >= 0) {
        queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, { count });
      } else {
        void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
      }
      // A new message is in the list too.
      void queryClient.invalidateQueries({ queryKey: inboxQueryKey });
    });
  }, [available, queryClient]);

  return available ? (query.data?.count ?? 0) : 0;
}
