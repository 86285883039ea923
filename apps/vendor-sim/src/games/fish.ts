import type { Hub88Session, RoundRecord, SessionStore } from '../hub88/sessions';
import type { Hub88WalletClient } from '../hub88/wallet-client';
import { type Rng, secureRng, uuid } from '../rng';
import { callerOf } from './slot-play';

/*
 * Fish shooter: every shot is one round — the cannon's stake is debited, and the fish it hits is caught with
 * probability RTP ÷ multiplier, paying stake × multiplier. The expected return of a shot is the RTP whichever
 * fish the player aims at, so the browser only reports which kind of fish the bullet reached; the server decides.
 */
export type FishKind = { id: string; name: string; multiplier: number; size: number; color: string };

export const FISH_KINDS: FishKind[] = [
  { id: 'minnow', name: 'Minnow', multiplier: 2, size: 18, color: '#7ee8fa' },
  { id: 'clown', name: 'Clownfish', multiplier: 3, size: 22, color: '#ff9f1c' },
  { id: 'puffer', name: 'Pufferfish', multiplier: 5, size: 26, color: '#ffd166' },
  { id: 'angel', name: 'Angelfish', multiplier: 8, size: 30, color: '#c77dff' },
  { id: 'turtle', name: 'Sea turtle', multiplier: 10, size: 36, color: '#2ec4b6' },
  { id: 'ray', name: 'Manta ray', multiplier: 15, size: 44, color: '#4cc9f0' },
  { id: 'shark', name: 'Shark', multiplier: 25, size: 56, color: '#adb5bd' },
  { id: 'whale', name: 'Golden whale', multiplier: 50, size: 72, color: '#f5b400' },
  { id: 'dragon', name: 'Dragon king', multiplier: 100, size: 86, color: '#e63946' },
];

/** Cannon stakes per shot at the protocol scale (0.10 … 10.00). */
export const FISH_STAKES = [0.1, 0.2, 0.5, 1, 2, 5, 10].map((major) => Math.round(major * 100_000));

export class FishPlayError extends Error {}

export type ShotResult = {
  round: string;
  status: RoundRecord['status'];
  caught: boolean;
  win: number;
  balance?: number;
  error?: string;
};

export class FishPlay {
  constructor(private readonly deps: { wallet: Hub88WalletClient; sessions: SessionStore; rtp: number; rng?: Rng }) {}

  /** Whether a shot at a fish of this multiplier catches it: uniform draw below RTP ÷ multiplier (in 1/1,000,000). */
  static catches(rng: Rng, multiplier: number, rtp: number): boolean {
    return rng.int(1_000_000) < Math.round((rtp / multiplier) * 1_000_000);
  }

  async shoot(
    session: Hub88Session,
    fishId: string,
    stake: number,
    options: { waitMs?: number } = {},
  ): Promise<ShotResult> {
    if (session.game.kind !== 'fish') throw new FishPlayError('not a fishing game');
    const fish = FISH_KINDS.find((kind) => kind.id === fishId);
    if (!fish) throw new FishPlayError('unknown fish');
    if (!FISH_STAKES.includes(stake)) throw new FishPlayError('choose one of the cannon stakes');
    if (!session.user || !session.token) throw new FishPlayError('free play is not available for this game');
    const caught = FishPlay.catches(this.deps.rng ?? secureRng, fish.multiplier, this.deps.rtp);
    const win = caught ? stake * fish.multiplier : 0;
    const round = `fish-${uuid()}`;
    const record: RoundRecord = {
      round,
      user: session.user,
      gameCode: session.game.code,
      gameName: session.game.name,
      kind: 'fish',
      currency: session.currency,
      stake,
      win,
      status: 'open',
      transactions: [],
      detail: { fish: fish.id, multiplier: fish.multiplier, caught },
      createdAt: new Date().toISOString(),
    };
    this.deps.sessions.saveRound(record);
    const caller = callerOf(session);
    const betBody = this.deps.wallet.betBody(caller, {
      round,
      amount: stake,
      description: fish.id,
      meta: { fish: fish.id },
    });
    const bet = await this.deps.wallet.sendBet(betBody);
    record.transactions.push({
      type: 'bet',
      transactionUuid: bet.transactionUuid,
      amount: stake,
      status: bet.ok ? 'RS_OK' : bet.status,
    });
    if (!bet.ok) {
      record.status = bet.rolledBack ? 'rolled_back' : 'refused';
      return { round, status: record.status, caught: false, win: 0, balance: bet.answer?.balance, error: bet.status };
    }
    const settle = this.deps.wallet
      .sendWin(
        this.deps.wallet.winBody(caller, {
          round,
          betTransactionUuid: bet.transactionUuid,
          amount: win,
          roundClosed: true,
        }),
      )
      .then((result) => {
        record.transactions.push({
          type: 'win',
          transactionUuid: result.transactionUuid,
          amount: win,
          status: result.ok ? 'RS_OK' : result.status,
        });
        record.status = result.ok ? 'settled' : 'pending';
        return result;
      });
    const result =
      options.waitMs === undefined
        ? await settle
        : await Promise.race([
            settle,
            new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), options.waitMs).unref()),
          ]);
    if (!result) return { round, status: 'pending', caught, win, balance: bet.answer.balance };
    return {
      round,
      status: result.ok ? 'settled' : 'pending',
      caught,
      win,
      balance: result.answer?.balance ?? bet.answer.balance,
      ...(result.ok ? {} : { error: result.status }),
    };
  }
}
