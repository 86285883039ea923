import {
  calls,
  type InhousePlayInput,
  type InhouseVerifyInput,
  inhouseGameTokenHeader,
  inhousePlayResultSchema,
  inhouseRoundsSchema,
  inhouseSeedRotationSchema,
  inhouseTableSchema,
  inhouseVerifyResultSchema,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

const tokenStorageKey = (gameCode: string) => `inhouse:token:${gameCode}`;

/**
 * The launch's game token: taken from the URL the launcher opened (then removed from the address bar, so it is
 * neither bookmarked nor shared) and kept for this tab, so a reload of the game frame keeps playing.
 */
export function takeGameToken(gameCode: string): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('gameToken');
  if (fromUrl) {
    sessionStorage.setItem(tokenStorageKey(gameCode), fromUrl);
    url.searchParams.delete('gameToken');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  return sessionStorage.getItem(tokenStorageKey(gameCode));
}

const withToken = (token: string) => ({ [inhouseGameTokenHeader]: token });

export const inhouseKeys = {
  seed: (token: string) => ['inhouse', 'seed', token] as const,
  rounds: (token: string) => ['inhouse', 'rounds', token] as const,
};

/** The game page's opening state: seed pair, balance, currency and stake limits (refetched after every bet). */
export function useTable(token: string) {
  return useQuery({
    queryKey: inhouseKeys.seed(token),
    queryFn: ({ signal }) =>
      apiCall(calls.inhouseSeed, { headers: withToken(token), schema: inhouseTableSchema, signal }),
  });
}

export function useRounds(token: string) {
  return useQuery({
    queryKey: inhouseKeys.rounds(token),
    queryFn: ({ signal }) =>
      apiCall(calls.inhouseRounds, {
        headers: withToken(token),
        query: { limit: 20 },
        schema: inhouseRoundsSchema,
        signal,
      }),
  });
}

/** One bet; the caller chooses the Idempotency-Key per click, so a retried request cannot bet twice. */
export function usePlay(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: InhousePlayInput; idempotencyKey: string }) =>
      apiCall(calls.inhousePlay, {
        headers: withToken(token),
        body: input.body,
        idempotencyKey: input.idempotencyKey,
        schema: inhousePlayResultSchema,
      }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: inhouseKeys.seed(token) }),
        client.invalidateQueries({ queryKey: inhouseKeys.rounds(token) }),
      ]);
    },
  });
}

export function useRotateSeed(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string | undefined) =>
      apiCall(calls.inhouseRotateSeed, {
        headers: withToken(token),
        body: clientSeed ? { clientSeed } : {},
        schema: inhouseSeedRotationSchema,
      }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: inhouseKeys.seed(token) }),
        client.invalidateQueries({ queryKey: inhouseKeys.rounds(token) }),
      ]);
    },
  });
}

/** The server's recomputation of a bet (the page also recomputes it itself, see utils/fairness.ts). */
export function verifyOnServer(input: InhouseVerifyInput) {
  return apiCall(calls.inhouseVerify, { body: input, schema: inhouseVerifyResultSchema });
}
