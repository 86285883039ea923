import {
  calls,
  type InboxChangeResult,
  type InboxPage,
  inboxChangeResultSchema,
  inboxPageSchema,
  inboxPageSize,
  type ShippedLanguage,
  type UnreadCount,
  unreadCountSchema,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { useFeature } from '@/lib/permission';
import { useSession } from '@/lib/session';

/** Cache key of `CSP_unreadCount`; the realtime socket writes the same entry. */
export const unreadCountQueryKey = ['content', 'unread'] as const;
export const inboxQueryKey = ['content', 'inbox'] as const;

export function getUnreadCountQueryOptions() {
  return queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }): Promise<UnreadCount> => apiCall(calls.unreadCount, { schema: unreadCountSchema, signal }),
    // The socket pushes each change; the interval covers a broadcast to every member and a missed event.
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
}

/** Whether the inbox is there for this visitor: real accounts (spec section 6: not trial) with INBOX3 on. */
export function useInboxAvailable(): boolean {
  const { status } = useSession();
  const enabled = useFeature('INBOX3');
  return enabled && (status === 'member' || status === 'agent');
}

export function getInboxQueryOptions(page: number, language: ShippedLanguage) {
  return queryOptions({
    queryKey: [...inboxQueryKey, page, language],
    queryFn: ({ signal }): Promise<InboxPage> =>
      apiCall(calls.inboxMessages, {
        query: { pageNo: page, pageSize: inboxPageSize },
        schema: inboxPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInbox(page: number) {
  const language = useCurrentLanguage();
  return useQuery(getInboxQueryOptions(page, language));
}

/** After a change: the new unread count as the server counted it, and the list refetched. */
function useApplyChange() {
  const queryClient = useQueryClient();
  return (result: InboxChangeResult) => {
    queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, { count: result.unread });
    void queryClient.invalidateQueries({ queryKey: inboxQueryKey });
  };
}

export function useMarkRead() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: (input: { ids: number[] } | { all: true }) =>
      apiCall(calls.inboxRead, { body: input, schema: inboxChangeResultSchema }),
    onSuccess: apply,
  });
}

export function useDeleteMessages() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: (ids: number[]) => apiCall(calls.inboxDelete, { body: { ids }, schema: inboxChangeResultSchema }),
    onSuccess: apply,
  });
}
