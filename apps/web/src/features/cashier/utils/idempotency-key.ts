import { useCallback, useRef } from 'react';

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * One Idempotency-Key per submission (ARCHITECTURE.md section 3; STYLE.md "the key is chosen by the caller before
 * it submits"): `current()` gives the key of the submission being made, the same for every retry of it (a double
 * click, a timeout), and `renew()` starts a new one once the submission is answered or its input changed.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => {
    key.current ??= newKey();
    return key.current;
  }, []);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return { current, renew };
}
