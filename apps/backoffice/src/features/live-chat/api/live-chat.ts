import {
  backofficeApiPrefix,
  type ConversationStatus,
  chatMessageSchema,
  conversationDetailSchema,
  conversationListSchema,
  conversationSchema,
  operatorChatEventSchema,
  supportBackofficePaths,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { boCall } from '@/lib/api-client';

export const liveChatQueryKey = ['bo', 'live-chat'] as const;

export function useConversations(status: ConversationStatus) {
  return useQuery({
    queryKey: [...liveChatQueryKey, 'list', status],
    queryFn: ({ signal }) =>
      boCall('GET', supportBackofficePaths.conversations, {
        schema: conversationListSchema,
        query: { status },
        signal,
      }),
  });
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: [...liveChatQueryKey, 'conversation', id],
    queryFn: ({ signal }) =>
      boCall('GET', supportBackofficePaths.conversation, {
        schema: conversationDetailSchema,
        params: { id: id ?? 0 },
        signal,
      }),
    enabled: id !== null,
  });
}

function useChatMutation<I>(call: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: liveChatQueryKey }),
  });
}

export const useAssign = () =>
  useChatMutation((id: number) =>
    boCall('POST', supportBackofficePaths.assign, { schema: conversationSchema, params: { id }, body: {} }),
  );

export const useCloseConversation = () =>
  useChatMutation((id: number) =>
    boCall('POST', supportBackofficePaths.close, { schema: conversationSchema, params: { id }, body: {} }),
  );

export const useReply = () =>
  useChatMutation(({ id, text }: { id: number; text: string }) =>
    boCall('POST', supportBackofficePaths.reply, { schema: chatMessageSchema, params: { id }, body: { text } }),
  );

export type SocketState = 'connecting' | 'live' | 'offline';

/**
 * The operators' live-chat socket: every new message or conversation change refreshes the lists and the open
 * conversation. Reconnects with a growing pause (1 s up to 15 s) after a drop.
 */
export function useLiveChatSocket(): SocketState {
  const client = useQueryClient();
  const [state, setState] = useState<SocketState>('connecting');
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(
        `${scheme}://${window.location.host}${backofficeApiPrefix}${supportBackofficePaths.socket}`,
      );
      socket.onmessage = (event) => {
        let parsed: ReturnType<typeof operatorChatEventSchema.safeParse>;
        try {
          parsed = operatorChatEventSchema.safeParse(JSON.parse(String(event.data)));
        } catch {
          return;
        }
        if (!parsed.success) return;
        if (parsed.data.type === 'ready') {
          attempts = 0;
          setState('live');
        }
        void client.invalidateQueries({ queryKey: liveChatQueryKey });
      };
      socket.onclose = () => {
        if (stopped) return;
        setState('offline');
        attempts += 1;
        timer = setTimeout(connect, Math.min(15_000, 1000 * 2 ** (attempts - 1)));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [client]);
  return state;
}
