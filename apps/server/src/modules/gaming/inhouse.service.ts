import { randomBytes, randomUUID } from 'node:crypto';
import type {
  InhousePlayInput,
  InhousePlayResult,
  InhouseRound,
  InhouseSeedRotation,
  InhouseSeedState,
  InhouseTable,
  InhouseVerifyInput,
  InhouseVerifyResult,
} from '@portal/contract';
import type { Db } from '../../platform/db';
import { AppError, isAppError } from '../../platform/http/app-error';
import type { CatalogueService } from '../catalogue';
import type { WalletService } from '../wallet';
import * as gamingRepo from './gaming.repository';
import type { GamingLog } from './gaming.service';
import {
  drawOutcome,
  hashServerSeed,
  type InhouseGameCode,
  type InhouseParams,
  type InhouseResult,
  isInhouseGameCode,
  newServerSeed,
  payoutMinor,
  validParams,
} from './inhouse.fairness';
import * as repo from './inhouse.repository';

/** The in-house vendor: its code in the catalogue (spec: INHOUSE, route /bgs) and its aggregator name. */
export const inhouseVendorCode = 'BGS';
export const inhouseAggregator = 'inhouse';

export type InhouseDeps = {
  db: Db;
  merchantCode: string;
  wallet: WalletService;
  catalogue: Pick<CatalogueService, 'launchTarget'>;
  identity: { getAccount(accountId: number): Promise<{ status: 'active' | 'disabled'; role: string | null } | null> };
  currency(): Promise<{ code: string; scale: number }>;
  /** Stake limits in major units of the currency (1 and 10,000 unless set). */
  minStakeMajor?: number;
  maxStakeMajor?: number;
  onBalanceChanged?: (accountId: number) => void;
  log: GamingLog;
  now?: () => Date;
};

const stakeKey = (roundId: string) => `inhouse:stake:${roundId}`;
const payoutKey = (roundId: string) => `inhouse:payout:${roundId}`;
const reverseKey = (roundId: string) => `inhouse:reverse:${roundId}`;

/** A draw found its round no longer pending; thrown to roll the nonce back. */
class RoundNotPending extends Error {}
const clientSeedPattern = /^[\x21-\x7e]{1,64}$/;

/**
 * The in-house games (INHOUSE, /bgs): bets decided on the server from the member's committed seed pair
 * (inhouse.fairness.ts), stake and payout moved through the wallet service under keys derived from the round id.
 * The draw is stored with the round before any money moves, so a crash between the stake and the payout is settled
 * later from the same draw (`settleOpenRounds`) and never re-decided.
 */
export function createInhouseGames(deps: InhouseDeps) {
  const { db, merchantCode } = deps;
  const now = deps.now ?? (() => new Date());
  const minStakeMajor = BigInt(deps.minStakeMajor ?? 1);
  const maxStakeMajor = BigInt(deps.maxStakeMajor ?? 10_000);

  /** The member and game behind a launch token; refuses unknown, expired, other vendors' and disabled accounts. */
  async function sessionOf(token: string): Promise<gamingRepo.SessionRow> {
    const session = token ? await gamingRepo.findSession(db, token) : null;
    if (!session || session.merchantCode !== merchantCode || session.vendorCode !== inhouseVendorCode) {
      throw new AppError('GAMING_SESSION_INVALID');
    }
    if (session.expiresAt.getTime() <= now().getTime()) throw new AppError('GAMING_SESSION_INVALID');
    const account = await deps.identity.getAccount(session.accountId);
    if (account?.status !== 'active' || account.role === null || account.role === 'trial') {
      throw new AppError('GAMING_SESSION_INVALID');
    }
    return session;
  }

  async function seedFor(accountId: number): Promise<repo.SeedRow> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const active = await repo.activeSeed(db, merchantCode, accountId);
      if (active) return active;
      const serverSeed = newServerSeed();
      const created = await repo.insertSeed(db, {
        merchantCode,
        accountId,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        clientSeed: randomBytes(8).toString('hex'),
      });
      if (created) return created;
    }
    throw new AppError('INTERNAL');
  }

  const seedState = (seed: repo.SeedRow): InhouseSeedState => ({
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed,
    nextNonce: seed.nextNonce,
  });

  async function cashAccount(accountId: number, currency: string) {
    return deps.wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', currency);
  }
  async function houseAccount(currency: string) {
    return deps.wallet.ensureAccount({ type: 'house' }, 'HOUSE_GAMING', currency);
  }

  function toRound(row: repo.InhouseRoundRow, seed: repo.SeedRow | null): InhouseRound {
    return {
      roundId: row.roundId,
      gameCode: row.gameCode as InhouseGameCode,
      params: row.params,
      result: row.result,
      stakeMinor: row.stakeMinor.toString(),
      payoutMinor: row.payoutMinor.toString(),
      status: row.status as InhouseRound['status'],
      nonce: row.nonce,
      clientSeed: seed?.clientSeed ?? null,
      serverSeedHash: seed?.serverSeedHash ?? null,
      // Shown only once the member has rotated the pair: before that it would let them predict the next bets.
      serverSeed: seed?.revealedAt ? seed.serverSeed : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Moves the payout of an open round (at most once, by its key) and closes it with its round record. */
  async function settle(row: repo.InhouseRoundRow): Promise<void> {
    const currency = row.currency;
    let payoutTransferId: number | null = null;
    if (row.payoutMinor > 0n) {
      const transfer = await deps.wallet.transfer({
        idempotencyKey: payoutKey(row.roundId),
        debit: (await houseAccount(currency)).id,
        credit: (await cashAccount(row.accountId, currency)).id,
        amountMinor: row.payoutMinor,
        currency,
        kind: 'WIN',
        metadata: { aggregator: inhouseAggregator, vendor: inhouseVendorCode, game: row.gameCode, round: row.roundId },
      });
      payoutTransferId = transfer.id;
    }
    await db.transaction(async (tx) => {
      if (!(await repo.settleRound(tx, row.id, payoutTransferId, now()))) return;
      await gamingRepo.applyToRound(tx, {
        merchantCode,
        aggregator: inhouseAggregator,
        roundId: row.roundId,
        accountId: row.accountId,
        vendorCode: inhouseVendorCode,
        gameCode: row.gameCode,
        currency,
        stakeDeltaMinor: row.stakeMinor,
        winDeltaMinor: row.payoutMinor,
        status: 'closed',
        now: now(),
      });
    });
  }

  function fingerprintMatches(row: repo.InhouseRoundRow, input: InhousePlayInput, stake: bigint): boolean {
    return (
      row.gameCode === input.gameCode &&
      row.stakeMinor === stake &&
      JSON.stringify(row.params) === JSON.stringify(validParams(input.gameCode as InhouseGameCode, input.params))
    );
  }

  async function answer(row: repo.InhouseRoundRow, replayed: boolean): Promise<InhousePlayResult> {
    const seed = row.seedId === null ? null : await repo.findSeed(db, row.seedId);
    if (!seed || !row.result) throw new AppError('INTERNAL');
    const account = await cashAccount(row.accountId, row.currency);
    const outcome = payoutMinor(
      row.gameCode as InhouseGameCode,
      row.params as InhouseParams,
      row.result as InhouseResult,
      row.stakeMinor,
    );
    return {
      round: toRound(row, seed),
      won: outcome.won,
      multiplierHundredths: outcome.multiplierHundredths,
      balanceMinor: account.availableMinor.toString(),
      nextNonce: seed.nextNonce,
      replayed,
    };
  }

  /**
   * One bet: recorded pending, the stake taken, then drawn from the next nonce of the member's seed pair, then paid.
   * A retry with the same request key answers the first bet (or waits for it); the same key with another bet is
   * refused.
   * @throws GAMING_SESSION_INVALID, GAMING_BET_INVALID (game, parameters or stake outside the limits),
   *   CATALOGUE_GAME_NOT_FOUND (switched off), CATALOGUE_GAME_MAINTENANCE, WALLET_INSUFFICIENT_FUNDS,
   *   IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_IN_PROGRESS
   */
  async function play(token: string, input: InhousePlayInput, requestKey: string): Promise<InhousePlayResult> {
    const session = await sessionOf(token);
    const { accountId } = session;
    if (!isInhouseGameCode(input.gameCode) || input.gameCode !== session.gameCode) {
      throw new AppError('GAMING_BET_INVALID', { field: 'gameCode' });
    }
    const gameCode = input.gameCode;
    const params = validParams(gameCode, input.params);
    if (!params) throw new AppError('GAMING_BET_INVALID', { field: 'params' });
    const currency = await deps.currency();
    const unit = 10n ** BigInt(currency.scale);
    const stake = BigInt(input.stakeMinor);
    if (stake < minStakeMajor * unit || stake > maxStakeMajor * unit) {
      throw new AppError('GAMING_BET_INVALID', {
        field: 'stakeMinor',
        minMinor: (minStakeMajor * unit).toString(),
        maxMinor: (maxStakeMajor * unit).toString(),
      });
    }

    const earlier = await repo.findRoundByRequest(db, merchantCode, accountId, requestKey);
    if (earlier) {
      if (!fingerprintMatches(earlier, input, stake)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (earlier.status === 'refused') throw new AppError('WALLET_INSUFFICIENT_FUNDS');
      // The first request is still moving the stake: its outcome does not exist yet.
      if (earlier.status === 'pending') throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      if (earlier.status === 'open') await settle(earlier);
      return answer((await repo.findRound(db, earlier.id)) ?? earlier, true);
    }

    const target = await deps.catalogue.launchTarget({ gameCode, vassalage: inhouseVendorCode }, undefined);
    if (!target.playable) throw new AppError('CATALOGUE_GAME_NOT_FOUND', { gameCode });
    if (target.maintenance) throw new AppError('CATALOGUE_GAME_MAINTENANCE', { gameCode });

    const cash = await cashAccount(accountId, currency.code);
    if (cash.availableMinor < stake) {
      throw new AppError('WALLET_INSUFFICIENT_FUNDS', { availableMinor: cash.availableMinor.toString() });
    }
    // The bet is recorded before anything moves, without a draw: the outcome is drawn only once the stake has moved,
    // so nobody can learn it and then keep the stake from being taken.
    const roundId = randomUUID();
    const row = await repo.insertRound(db, {
      merchantCode,
      roundId,
      requestKey,
      accountId,
      gameCode,
      currency: currency.code,
      params: { ...params },
      stakeMinor: stake,
      status: 'pending',
      createdAt: now(),
    });
    // A twin request with the same key inserted first: answer from it.
    if (!row) return play(token, input, requestKey);

    let stakeTransferId: number;
    try {
      const transfer = await deps.wallet.transfer({
        idempotencyKey: stakeKey(roundId),
        debit: cash.id,
        credit: (await houseAccount(currency.code)).id,
        amountMinor: stake,
        currency: currency.code,
        kind: 'BET',
        metadata: { aggregator: inhouseAggregator, vendor: inhouseVendorCode, game: gameCode, round: roundId },
      });
      stakeTransferId = transfer.id;
    } catch (error) {
      if (isAppError(error) && error.code === 'WALLET_INSUFFICIENT_FUNDS') await repo.refuseRound(db, row.id, now());
      throw error;
    }
    const drawn = await drawRound(row, stakeTransferId);
    if (!drawn) {
      const current = await repo.findRound(db, row.id);
      if (current?.status === 'refused') {
        // The recovery job gave up on this bet while its stake was in flight: the stake goes back, once.
        await deps.wallet.reverse(stakeTransferId, reverseKey(roundId), { metadata: { round: roundId } });
        deps.onBalanceChanged?.(accountId);
        throw new AppError('GAMING_VENDOR_UNAVAILABLE', { aggregator: inhouseAggregator });
      }
      // The recovery job drew it meanwhile (from the same stake): finish and answer it like any other.
      if (current?.status === 'open') await settle(current);
      deps.onBalanceChanged?.(accountId);
      return answer((await repo.findRound(db, row.id)) ?? row, false);
    }
    await settle(drawn);
    deps.onBalanceChanged?.(accountId);
    return answer((await repo.findRound(db, row.id)) ?? drawn, false);
  }

  /**
   * Draws a pending round whose stake has moved: the next nonce of the member's active seed pair, under its row
   * lock, and the result and payout with it, in one transaction. Null when the round is no longer pending.
   */
  async function drawRound(row: repo.InhouseRoundRow, stakeTransferId: number): Promise<repo.InhouseRoundRow | null> {
    const gameCode = row.gameCode as InhouseGameCode;
    const params = validParams(gameCode, row.params);
    if (!params) throw new AppError('INTERNAL');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const seed = await seedFor(row.accountId);
      try {
        const drawn = await db.transaction(async (tx) => {
          const taken = await repo.takeNonce(tx, seed.id);
          if (!taken) return null; // rotated in between: draw from the new pair
          const nonce = taken.nextNonce - 1;
          const result = drawOutcome(gameCode, taken.serverSeed, taken.clientSeed, nonce);
          const outcome = payoutMinor(gameCode, params, result, row.stakeMinor);
          const updated = await repo.drawRound(tx, row.id, {
            seedId: taken.id,
            nonce,
            result: { ...result },
            payoutMinor: outcome.payoutMinor,
            stakeTransferId,
          });
          // Rolls the nonce back with the transaction: a round drawn or refused elsewhere spends none.
          if (!updated) throw new RoundNotPending();
          return updated;
        });
        if (drawn) return drawn;
      } catch (error) {
        if (error instanceof RoundNotPending) return null;
        throw error;
      }
    }
    throw new AppError('IDEMPOTENCY_IN_PROGRESS');
  }

  return {
    /**
     * What the game page opens with: the member's seed pair (created at the first call), balance, currency and
     * stake limits.
     */
    async table(token: string): Promise<InhouseTable> {
      const session = await sessionOf(token);
      const currency = await deps.currency();
      const unit = 10n ** BigInt(currency.scale);
      const [seed, cash] = await Promise.all([
        seedFor(session.accountId),
        cashAccount(session.accountId, currency.code),
      ]);
      return {
        seed: seedState(seed),
        balanceMinor: cash.availableMinor.toString(),
        currency: { code: currency.code, scale: currency.scale },
        minStakeMinor: (minStakeMajor * unit).toString(),
        maxStakeMinor: (maxStakeMajor * unit).toString(),
      };
    },

    /**
     * Reveals the member's server seed and starts a new pair with the client seed they chose (or a random one).
     * @throws GAMING_BET_INVALID for a client seed outside 1-64 printable ASCII characters
     */
    async rotateSeed(token: string, clientSeed: string | undefined): Promise<InhouseSeedRotation> {
      const session = await sessionOf(token);
      if (clientSeed !== undefined && !clientSeedPattern.test(clientSeed)) {
        throw new AppError('GAMING_BET_INVALID', { field: 'clientSeed' });
      }
      const current = await seedFor(session.accountId);
      const revealed = await repo.revealSeed(db, current.id, now());
      if (!revealed) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      const serverSeed = newServerSeed();
      const next = await repo.insertSeed(db, {
        merchantCode,
        accountId: session.accountId,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        clientSeed: clientSeed ?? randomBytes(8).toString('hex'),
      });
      return {
        revealed: {
          serverSeed: revealed.serverSeed,
          serverSeedHash: revealed.serverSeedHash,
          clientSeed: revealed.clientSeed,
          betsMade: revealed.nextNonce,
        },
        next: seedState(next ?? (await seedFor(session.accountId))),
      };
    },

    play,

    /** The member's last rounds with what is needed to verify them (server seeds of rotated pairs only). */
    async rounds(token: string, limit: number): Promise<InhouseRound[]> {
      const session = await sessionOf(token);
      const rows = await repo.recentRounds(db, merchantCode, session.accountId, limit);
      return rows.map(({ round, seed }) => toRound(round, seed));
    },

    /** Recomputes a bet from its seeds (anyone may: the point of a provably fair game). */
    verify(input: InhouseVerifyInput): InhouseVerifyResult {
      if (!isInhouseGameCode(input.gameCode)) throw new AppError('GAMING_BET_INVALID', { field: 'gameCode' });
      const params = validParams(input.gameCode, input.params);
      if (!params) throw new AppError('GAMING_BET_INVALID', { field: 'params' });
      const result = drawOutcome(input.gameCode, input.serverSeed, input.clientSeed, input.nonce);
      const outcome = payoutMinor(input.gameCode, params, result, 10_000n);
      return {
        serverSeedHash: hashServerSeed(input.serverSeed),
        result,
        won: outcome.won,
        multiplierHundredths: outcome.multiplierHundredths,
      };
    },

    /**
     * Settles rounds a crash left between stake and payout, from their stored draw; a round whose stake never
     * moved is marked refused. Run by a job; safe to run on several instances (every step is keyed or conditional).
     */
    async settleOpenRounds(): Promise<string> {
      // Five minutes: far beyond any bet in flight, so a round is never refused while its stake is still moving.
      const rows = await repo.unfinishedRounds(db, merchantCode, new Date(now().getTime() - 300_000), 100);
      let settled = 0;
      let refused = 0;
      for (const row of rows) {
        let current: repo.InhouseRoundRow | null = row;
        if (row.status === 'pending') {
          const stake = await deps.wallet.getTransferByKey(stakeKey(row.roundId));
          if (!stake) {
            if (await repo.refuseRound(db, row.id, now())) refused += 1;
            continue;
          }
          current = await drawRound(row, stake.id);
          if (!current) continue;
        }
        await settle(current);
        deps.onBalanceChanged?.(current.accountId);
        settled += 1;
      }
      return `settled ${settled}, refused ${refused}`;
    },
  };
}

export type InhouseGames = ReturnType<typeof createInhouseGames>;
