import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCashierQueueEvents } from '@/lib/cashier-queue-events';
import { depositsQueryKey, withdrawalsQueryKey } from '../api/cashier';

/**
 * Keeps the review queues current from the live queues' socket: each event refetches its queue (a decision by
 * another operator, on any server instance, takes the item out of this one) and `ready`, after every (re)connect,
 * refetches both. Returns the ids of the queue `kind` that arrived while the page is open, to mark them new; a
 * decision on one unmarks it.
 */
export function useLiveCashierQueues(kind: 'deposit' | 'withdrawal'): ReadonlySet<number> {
  const client = useQueryClient();
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  useCashierQueueEvents((message) => {
    if (message.type === 'ready') {
      void client.invalidateQueries({ queryKey: depositsQueryKey });
      void client.invalidateQueries({ queryKey: withdrawalsQueryKey });
      return;
    }
    void client.invalidateQueries({ queryKey: message.type === 'deposit' ? depositsQueryKey : withdrawalsQueryKey });
    if (message.type !== kind) return;
    const id = message.type === 'deposit' ? message.depositId : message.withdrawalId;
    const arrived = message.action === 'submitted' || message.action === 'requested' || message.action === 'disputed';
    setFresh((current) => {
      const next = new Set(current);
      if (arrived) next.add(id);
      else next.delete(id);
      return next;
    });
  });
  return fresh;
}
