import {
  backofficeApiPrefix,
  type CashierQueueCounts,
  type CashierQueueMessage,
  cashierQueueMessageSchema,
  cashierQueuePaths,
} from '@portal/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

/**
 * `off`: not opened (no cashier permission); `connecting`: the first attempt; `live`: the server said `ready`;
 * `offline`: dropped, reconnecting (the queues poll meanwhile).
 */
export type CashierQueueSocketStatus = 'off' | 'connecting' | 'live' | 'offline';

export type CashierQueueListener = (message: CashierQueueMessage) => void;

type CashierQueueEventsValue = {
  status: CashierQueueSocketStatus;
  /** The queue sizes of the latest frame (`ready` or an event); null until the first one. */
  counts: CashierQueueCounts | null;
  subscribe(listener: CashierQueueListener): () => void;
};

const CashierQueueEventsContext = createContext<CashierQueueEventsValue>({
  status: 'off',
  counts: null,
  subscribe: () => () => {},
});

/** The pause before reconnect attempt `attempt` (1, 2, …): 1 s doubling up to 30 s, so a restart is not hammered. */
export const reconnectDelayMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));

export type CashierQueueEventsProviderProps = {
  /** Open the socket: only for operators with `cashier.read` (the server refuses the others). */
  enabled: boolean;
  children: ReactNode;
};

/**
 * One socket per console tab to `/bo/api/cashier/events` (the session cookie authenticates the upgrade). Screens
 * read its status and the queue sizes with `useCashierQueueStatus` and hear each frame with `useCashierQueueEvents`;
 * they refetch on every frame rather than patch their lists, so a frame that was missed costs nothing but the wait
 * for the next one (and `ready`, after every reconnect, refetches everything).
 */
export function CashierQueueEventsProvider({ enabled, children }: CashierQueueEventsProviderProps) {
  const [status, setStatus] = useState<CashierQueueSocketStatus>(enabled ? 'connecting' : 'off');
  const [counts, setCounts] = useState<CashierQueueCounts | null>(null);
  const listeners = useRef(new Set<CashierQueueListener>());

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') {
      setStatus('off');
      return;
    }
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}${backofficeApiPrefix}${cashierQueuePaths.socket}`);
      socket.onmessage = (event) => {
        let parsed: ReturnType<typeof cashierQueueMessageSchema.safeParse>;
        try {
          parsed = cashierQueueMessageSchema.safeParse(JSON.parse(String(event.data)));
        } catch {
          return;
        }
        if (!parsed.success) return;
        const message = parsed.data;
        if (message.type === 'ready') {
          attempts = 0;
          setStatus('live');
        }
        setCounts(message.counts);
        for (const listener of listeners.current) listener(message);
      };
      socket.onclose = () => {
        if (stopped) return;
        setStatus('offline');
        attempts += 1;
        timer = setTimeout(connect, reconnectDelayMs(attempts));
      };
    };
    setStatus('connecting');
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [enabled]);

  const subscribe = useCallback((listener: CashierQueueListener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const value = useMemo<CashierQueueEventsValue>(() => ({ status, counts, subscribe }), [status, counts, subscribe]);
  return <CashierQueueEventsContext.Provider value={value}>{children}</CashierQueueEventsContext.Provider>;
}

/** The live queues' socket status and the latest queue sizes. */
export function useCashierQueueStatus(): Pick<CashierQueueEventsValue, 'status' | 'counts'> {
  const { status, counts } = useContext(CashierQueueEventsContext);
  return { status, counts };
}

/** Calls `listener` with every frame of the live queues' socket (the latest `listener`, without resubscribing). */
export function useCashierQueueEvents(listener: CashierQueueListener): void {
  const { subscribe } = useContext(CashierQueueEventsContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe((message) => latest.current(message)), [subscribe]);
}
