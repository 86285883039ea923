import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, envelopeResponse, failureResponse, mockApi } from '@/testing/fixtures';
import { diceRoll, fairInteger, limboMultiplier, sha256Hex } from '../utils/fairness';
import { InhouseGame } from './inhouse-game';

afterEach(() => {
  vi.unstubAllGlobals();
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const table = (balanceMinor = '10000', nextNonce = 0) => ({
  seed: { serverSeedHash: 'a'.repeat(64), clientSeed: 'lucky', nextNonce },
  balanceMinor,
  currency: { code: 'BDT', scale: 2 },
  minStakeMinor: '100',
  maxStakeMinor: '1000000',
});

const round = (overrides: Record<string, unknown> = {}) => ({
  roundId: 'r-1',
  gameCode: 'BGS_DICE',
  params: { direction: 'under', targetHundredths: 5000 },
  result: { rollHundredths: 1234 },
  stakeMinor: '1000',
  payoutMinor: '1980',
  status: 'settled',
  nonce: 0,
  clientSeed: 'lucky',
  serverSeedHash: 'a'.repeat(64),
  serverSeed: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

describe('in-house game page', () => {
  it('bets with the game token and a fresh Idempotency-Key, then shows the roll, the win and the new balance', async () => {
    const plays: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          '/inhouse/api/seed': () => envelopeResponse(table()),
          '/inhouse/api/rounds': () => envelopeResponse([]),
          '/inhouse/api/play': ({ init }) => {
            plays.push(init);
            return envelopeResponse({
              round: round(),
              won: true,
              multiplierHundredths: 198,
              balanceMinor: '10980',
              nextNonce: 1,
              replayed: false,
            });
          },
        }),
      ),
    );
    render(<InhouseGame gameCode="BGS_DICE" token="game-token-1" />, { wrapper });
    expect(await screen.findByTestId('inhouse-balance')).toHaveProperty('textContent', '100.00 BDT');
    // Under 50.00: a 50% chance paying 1.98x.
    expect(screen.getByText('50.00%')).toBeTruthy();
    expect(screen.getByText('1.98×')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    expect(await screen.findByText('You won 19.80')).toBeTruthy();
    expect(screen.getByText('12.34')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('inhouse-balance').textContent).toBe('109.80 BDT'));

    const headers = plays[0]?.headers as Record<string, string>;
    expect(headers['x-game-token']).toBe('game-token-1');
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodyOf(plays[0] as RequestInit)).toEqual({
      gameCode: 'BGS_DICE',
      stakeMinor: '1000',
      params: { direction: 'under', targetHundredths: 5000 },
    });
  });

  it('refuses a stake outside the limits before asking the server', async () => {
    const fetchMock = vi.fn(
      mockApi({
        '/inhouse/api/seed': () => envelopeResponse(table()),
        '/inhouse/api/rounds': () => envelopeResponse([]),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<InhouseGame gameCode="BGS_LIMBO" token="t" />, { wrapper });
    const stake = await screen.findByLabelText('Stake');
    fireEvent.change(stake, { target: { value: '0.50' } });
    expect(screen.getByText('Enter a stake from 1.00 to 10,000.00 with at most two decimals')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Bet' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(stake, { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Target multiplier'), { target: { value: '1.00' } });
    expect(screen.getByText('Choose a multiplier from 1.01× to 10000×')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Bet' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock.mock.calls.every(([url]) => !String(url).includes('/play'))).toBe(true);
  });

  it("shows the server's refusal in the player's words", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          '/inhouse/api/seed': () => envelopeResponse(table('500')),
          '/inhouse/api/rounds': () => envelopeResponse([]),
          '/inhouse/api/play': () => failureResponse('WALLET_INSUFFICIENT_FUNDS', 409),
        }),
      ),
    );
    render(<InhouseGame gameCode="BGS_DICE" token="t" />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Bet' }));
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
  });

  it('recomputes revealed bets in the browser and says when one does not match its seeds', async () => {
    const serverSeed = 'revealed-seed';
    const hash = await sha256Hex(serverSeed);
    const roll = diceRoll(await fairInteger(serverSeed, 'lucky', 0));
    const honest = round({ serverSeed, serverSeedHash: hash, result: { rollHundredths: roll } });
    const forged = round({ roundId: 'r-2', nonce: 1, serverSeed, serverSeedHash: hash, result: { rollHundredths: 1 } });
    let rounds = [honest];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          '/inhouse/api/seed': () => envelopeResponse(table()),
          '/inhouse/api/rounds': () => envelopeResponse(rounds),
        }),
      ),
    );
    const { unmount } = render(<InhouseGame gameCode="BGS_DICE" token="t" />, { wrapper });
    await screen.findByRole('table');
    fireEvent.click(await screen.findByRole('button', { name: 'Recompute my revealed bets in this browser' }));
    expect(await screen.findByText('1 revealed bets recomputed here: every result matches.')).toBeTruthy();
    unmount();

    rounds = [honest, forged];
    render(<InhouseGame gameCode="BGS_DICE" token="t" />, { wrapper });
    await screen.findByRole('table');
    fireEvent.click(await screen.findByRole('button', { name: 'Recompute my revealed bets in this browser' }));
    expect(await screen.findByText('Bet r-2 does not match its seeds.')).toBeTruthy();
  });

  it('computes the same draw as the server for a fixed vector (HMAC-SHA256 "server", "client:0")', async () => {
    // The server's test pins the same vector: 7e1afbb70d2fa… are the first 13 hex digits.
    const value = await fairInteger('server', 'client', 0);
    expect(value).toBe(0x7e1afbb70d2fan);
    expect(diceRoll(value)).toBe(Number((value * 10_000n) / 2n ** 52n));
    expect(limboMultiplier(value)).toBeGreaterThanOrEqual(100);
  });
});
