import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimWalletTx, claimWinOfBet, findWalletTx } from './gaming.repository';
import {
  buildGamesApp,
  cashOf,
  expectLedgerReconciled,
  type GamesApp,
  hub88Feed,
  newPlayer,
  type Player,
  sessionToken,
  uuid,
  walletCall,
} from './gaming.test-helpers';

/** 1 BDT at Hub88's scale (1/100000 of the currency). */
const BDT = 100_000;

describe('Hub88 Wallet API gateway', () => {
  let games: GamesApp;

  beforeAll(async () => {
    games = await buildGamesApp();
    await games.app.services.catalogue.applyFeed(hub88Feed(10));
  });
  afterAll(async () => {
    await games?.app.close();
  });

  async function player(funds = '100'): Promise<Player & { session: string }> {
    const created = await newPlayer(games.app, funds);
    return { ...created, session: await sessionToken(games, created) };
  }

  /** The stored wallet transaction of a Hub88 id, as the repository reads it. */
  async function storedTx(transactionUuid: string) {
    const { db } = games.app.database;
    const found = (await db.execute(
      sql`select merchant_code from gaming_wallet_transactions where transaction_uuid = ${transactionUuid}`,
    )) as unknown as { rows: { merchant_code: string }[] };
    const merchant = found.rows[0]?.merchant_code;
    return merchant ? findWalletTx(db, merchant, 'hub88', transactionUuid) : null;
  }

  function bet(p: Player & { session: string }, amount: number, extra: Record<string, unknown> = {}) {
    return {
      user: p.user,
      token: p.session,
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      round: uuid(),
      round_closed: false,
      game_code: 'pg_slot_0',
      currency: 'BDT',
      amount,
      ...extra,
    };
  }

  function win(p: Player & { session: string }, betBody: Record<string, unknown>, amount: number, extra = {}) {
    return {
      user: p.user,
      token: p.session,
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      reference_transaction_uuid: betBody.transaction_uuid,
      round: betBody.round,
      round_closed: true,
      game_code: betBody.game_code,
      currency: 'BDT',
      amount,
      ...extra,
    };
  }

  function rollback(p: Player & { session: string }, reference: string, extra = {}) {
    return {
      user: p.user,
      token: p.session,
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      reference_transaction_uuid: reference,
      round: uuid(),
      round_closed: true,
      game_code: 'pg_slot_0',
      ...extra,
    };
  }

  describe('signature and syntax', () => {
    it('refuses a signature made with another key and moves nothing', async () => {
      const p = await player();
      const body = bet(p, 5 * BDT);
      const forged = await walletCall(games, 'transaction/bet', body, {
        signature: Buffer.from('not a signature').toString('base64'),
      });
      expect(forged.status).toBe('RS_ERROR_INVALID_SIGNATURE');
      const missing = await games.app.inject({
        method: 'POST',
        url: '/gateway/hub88/transaction/bet',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(missing.json().status).toBe('RS_ERROR_INVALID_SIGNATURE');
      expect(await cashOf(games.app, p.id)).toBe(10_000n);
    });

    it('refuses a body changed after signing (the signature covers the raw bytes)', async () => {
      const p = await player();
      const body = bet(p, 5 * BDT);
      const signed = JSON.stringify(body);
      const changed = JSON.stringify({ ...body, amount: 1 * BDT });
      const answer = await walletCall(games, 'transaction/bet', body, { raw: changed, signedBody: signed });
      expect(answer.status).toBe('RS_ERROR_INVALID_SIGNATURE');
      // Same JSON, different spacing: different bytes, so also refused.
      const spaced = await walletCall(games, 'transaction/bet', body, {
        raw: JSON.stringify(body, null, 1),
        signedBody: signed,
      });
      expect(spaced.status).toBe('RS_ERROR_INVALID_SIGNATURE');
      expect(await cashOf(games.app, p.id)).toBe(10_000n);
    });

    it('answers WRONG_SYNTAX for a missing field and WRONG_TYPES for a wrong type, echoing request_uuid', async () => {
      const p = await player();
      const { round: _omit, ...withoutRound } = bet(p, BDT);
      const syntax = await walletCall(games, 'transaction/bet', withoutRound);
      expect(syntax).toMatchObject({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: withoutRound.request_uuid });
      const types = await walletCall(games, 'transaction/bet', { ...bet(p, BDT), amount: '100000' });
      expect(types.status).toBe('RS_ERROR_WRONG_TYPES');
      const notJson = await walletCall(games, 'transaction/bet', {}, { raw: '{"user":' });
      expect(notJson.status).toBe('RS_ERROR_WRONG_SYNTAX');
    });

    it('refuses an amount our minor units cannot hold exactly (no rounding)', async () => {
      const p = await player();
      const answer = await walletCall(games, 'transaction/bet', bet(p, 1_500)); // 0.015 BDT
      expect(answer.status).toBe('RS_ERROR_WRONG_TYPES');
      expect(await cashOf(games.app, p.id)).toBe(10_000n);
    });
  });

  describe('user calls', () => {
    it('answers user/info for a member and RS_ERROR_UNKNOWN for an unknown user', async () => {
      const p = await player();
      const request = uuid();
      expect(await walletCall(games, 'user/info', { user: p.user, request_uuid: request })).toMatchObject({
        status: 'RS_OK',
        user: p.user,
        request_uuid: request,
      });
      expect((await walletCall(games, 'user/info', { user: 'u9999999', request_uuid: uuid() })).status).toBe(
        'RS_ERROR_UNKNOWN',
      );
    });

    it('answers the balance at the protocol scale, and INVALID_TOKEN for a token it never issued', async () => {
      const p = await player('12.34');
      const request = uuid();
      const answer = await walletCall(games, 'user/balance', {
        user: p.user,
        token: p.session,
        request_uuid: request,
        game_code: 'pg_slot_0',
      });
      expect(answer).toMatchObject({ status: 'RS_OK', balance: 1_234_000, currency: 'BDT', request_uuid: request });
      const unknown = await walletCall(games, 'user/balance', {
        user: p.user,
        token: 'no-such-token-0123456789',
        request_uuid: uuid(),
      });
      expect(unknown.status).toBe('RS_ERROR_INVALID_TOKEN');
      const other = await player();
      const stolen = await walletCall(games, 'user/balance', {
        user: p.user,
        token: other.session,
        request_uuid: uuid(),
      });
      expect(stolen.status).toBe('RS_ERROR_INVALID_TOKEN');
    });
  });

  describe('bets, wins and rollbacks', () => {
    it('debits a bet, credits its win, keeps the round and answers the balance after each', async () => {
      const p = await player('100');
      const betBody = bet(p, 10 * BDT);
      const betAnswer = await walletCall(games, 'transaction/bet', betBody);
      expect(betAnswer).toMatchObject({ status: 'RS_OK', balance: 90 * BDT, currency: 'BDT', user: p.user });
      expect(betAnswer.request_uuid).toBe(betBody.request_uuid);
      const winAnswer = await walletCall(games, 'transaction/win', win(p, betBody, 25 * BDT));
      expect(winAnswer).toMatchObject({ status: 'RS_OK', balance: 115 * BDT });
      expect(await cashOf(games.app, p.id)).toBe(11_500n);
      const recall = await games.app.services.gaming.recall(p.id, 'en');
      expect(recall.rounds[0]).toMatchObject({
        roundId: betBody.round,
        vassalage: 'PG',
        gameCode: 'pg_slot_0',
        stake: { amount: '10.00' },
        win: { amount: '25.00' },
        profit: { amount: '15.00' },
        status: 'closed',
      });
      await expectLedgerReconciled(games.app);
    });

    it('answers a bet and its win with the balance the ledger read as it moved the money, not reading it again', async () => {
      const p = await player('100');
      const getAccount = vi.spyOn(games.app.services.wallet, 'getAccount');
      try {
        const betBody = bet(p, 10 * BDT);
        const betAnswer = await walletCall(games, 'transaction/bet', betBody);
        expect(betAnswer).toMatchObject({ status: 'RS_OK', balance: 90 * BDT });
        const winAnswer = await walletCall(games, 'transaction/win', win(p, betBody, 5 * BDT));
        expect(winAnswer).toMatchObject({ status: 'RS_OK', balance: 95 * BDT });
        expect(getAccount).not.toHaveBeenCalled();
      } finally {
        getAccount.mockRestore();
      }
      expect(await cashOf(games.app, p.id)).toBe(9_500n);
    });

    it("pushes the new balance to the member's sockets after a bet, like a deposit", async () => {
      const p = await player('100');
      const publish = vi.spyOn(games.app.services.realtime, 'publishToAccount');
      // As if the player had the portal open (balance pushes are built only for a connected socket).
      const listening = vi.spyOn(games.app.services.realtime, 'isListening').mockResolvedValue(true);
      try {
        await walletCall(games, 'transaction/bet', bet(p, 10 * BDT));
        await vi.waitFor(() =>
          expect(publish).toHaveBeenCalledWith(
            p.id,
            expect.objectContaining({
              type: 'balance',
              balance: expect.objectContaining({ main: { amount: '90.00', minor: '9000' } }),
            }),
          ),
        );
      } finally {
        publish.mockRestore();
        listening.mockRestore();
      }
    });

    it('reads no balance for a push when no socket of the player is connected', async () => {
      const p = await player('100');
      const balance = vi.spyOn(games.app.services.cashier, 'balance');
      const publish = vi.spyOn(games.app.services.realtime, 'publishToAccount');
      try {
        expect(await games.app.services.realtime.isListening(p.id)).toBe(false);
        await walletCall(games, 'transaction/bet', bet(p, 10 * BDT));
        // The push is debounced; wait past it, then nothing must have been read or sent for this player.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(balance.mock.calls.filter(([query]) => query.accountId === p.id)).toEqual([]);
        expect(publish.mock.calls.filter(([accountId]) => accountId === p.id)).toEqual([]);
      } finally {
        balance.mockRestore();
        publish.mockRestore();
      }
    });

    it('refuses a bet above the balance with NOT_ENOUGH_MONEY and the balance', async () => {
      const p = await player('5');
      const answer = await walletCall(games, 'transaction/bet', bet(p, 6 * BDT));
      expect(answer).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 5 * BDT });
      expect(await cashOf(games.app, p.id)).toBe(500n);
    });

    it('refuses a currency other than the wallet currency', async () => {
      const p = await player();
      const answer = await walletCall(games, 'transaction/bet', bet(p, BDT, { currency: 'EUR' }));
      expect(answer.status).toBe('RS_ERROR_WRONG_CURRENCY');
      const betBody = bet(p, BDT);
      await walletCall(games, 'transaction/bet', betBody);
      const winAnswer = await walletCall(games, 'transaction/win', win(p, betBody, BDT, { currency: 'USD' }));
      expect(winAnswer.status).toBe('RS_ERROR_WRONG_CURRENCY');
      expect(await cashOf(games.app, p.id)).toBe(9_900n);
    });

    it('refuses a game the catalogue does not know', async () => {
      const p = await player();
      expect((await walletCall(games, 'transaction/bet', bet(p, BDT, { game_code: 'nope' }))).status).toBe(
        'RS_ERROR_INVALID_GAME',
      );
    });

    it('refuses a bet on an expired token but accepts its win and a rollback with it', async () => {
      const created = await newPlayer(games.app, '100');
      const p = { ...created, session: await sessionToken(games, created, { expiresInMs: 60_000 }) };
      const betBody = bet(p, 10 * BDT);
      expect((await walletCall(games, 'transaction/bet', betBody)).status).toBe('RS_OK');
      const second = bet(p, 10 * BDT);
      games.clock.advance(120_000);
      try {
        expect((await walletCall(games, 'transaction/bet', second)).status).toBe('RS_ERROR_TOKEN_EXPIRED');
        expect((await walletCall(games, 'transaction/win', win(p, betBody, 30 * BDT))).status).toBe('RS_OK');
        const another = bet(p, 0);
        const rolled = await walletCall(games, 'transaction/rollback', rollback(p, another.transaction_uuid));
        expect(rolled.status).toBe('RS_OK');
      } finally {
        games.clock.advance(-120_000);
      }
      expect(await cashOf(games.app, p.id)).toBe(12_000n);
    });

    it('answers a bet repeated after its token expired with its first result, not TOKEN_EXPIRED', async () => {
      const created = await newPlayer(games.app, '100');
      const p = { ...created, session: await sessionToken(games, created, { expiresInMs: 60_000 }) };
      const betBody = bet(p, 10 * BDT);
      expect((await walletCall(games, 'transaction/bet', betBody)).status).toBe('RS_OK');
      games.clock.advance(120_000);
      try {
        // The checks (token, game, currency) come before the id is claimed; a stored id still wins over them.
        const again = await walletCall(games, 'transaction/bet', { ...betBody, request_uuid: uuid() });
        expect(again).toMatchObject({ status: 'RS_OK', balance: 90 * BDT });
        const changed = await walletCall(games, 'transaction/bet', { ...betBody, amount: 20 * BDT });
        expect(changed.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
      } finally {
        games.clock.advance(-120_000);
      }
      expect(await cashOf(games.app, p.id)).toBe(9_000n);
    });

    it('adds every bet and win of a round to it, and closes it with the transaction that says so', async () => {
      const p = await player('100');
      const first = bet(p, 10 * BDT);
      const second = bet(p, 5 * BDT, { round: first.round });
      expect((await walletCall(games, 'transaction/bet', first)).status).toBe('RS_OK');
      expect((await walletCall(games, 'transaction/bet', second)).status).toBe('RS_OK');
      const open = await games.app.services.gaming.recall(p.id, 'en');
      expect(open.rounds.find((round) => round.roundId === first.round)).toMatchObject({
        stake: { amount: '15.00' },
        win: { amount: '0.00' },
        status: 'open',
      });
      expect((await walletCall(games, 'transaction/win', win(p, first, 3 * BDT, { round_closed: false }))).status).toBe(
        'RS_OK',
      );
      expect((await walletCall(games, 'transaction/win', win(p, second, 4 * BDT))).status).toBe('RS_OK');
      const closed = await games.app.services.gaming.recall(p.id, 'en');
      expect(closed.rounds.find((round) => round.roundId === first.round)).toMatchObject({
        stake: { amount: '15.00' },
        win: { amount: '7.00' },
        status: 'closed',
      });
      expect(await cashOf(games.app, p.id)).toBe(9_200n);
      await expectLedgerReconciled(games.app);
    });

    it('answers a repeated bet, win and rollback with the first result and moves money once', async () => {
      const p = await player('100');
      const betBody = bet(p, 10 * BDT);
      expect((await walletCall(games, 'transaction/bet', betBody)).status).toBe('RS_OK');
      const again = await walletCall(games, 'transaction/bet', { ...betBody, request_uuid: uuid() });
      expect(again).toMatchObject({ status: 'RS_OK', balance: 90 * BDT });
      const changed = await walletCall(games, 'transaction/bet', { ...betBody, amount: 20 * BDT });
      expect(changed.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');

      const winBody = win(p, betBody, 5 * BDT);
      expect((await walletCall(games, 'transaction/win', winBody)).status).toBe('RS_OK');
      expect((await walletCall(games, 'transaction/win', { ...winBody, request_uuid: uuid() })).status).toBe('RS_OK');
      expect(await cashOf(games.app, p.id)).toBe(9_500n);

      const otherBet = bet(p, 20 * BDT);
      await walletCall(games, 'transaction/bet', otherBet);
      const rollbackBody = rollback(p, otherBet.transaction_uuid);
      expect((await walletCall(games, 'transaction/rollback', rollbackBody)).status).toBe('RS_OK');
      expect((await walletCall(games, 'transaction/rollback', { ...rollbackBody, request_uuid: uuid() })).status).toBe(
        'RS_OK',
      );
      // A second rollback (another id) of the same bet gives nothing back twice either.
      expect((await walletCall(games, 'transaction/rollback', rollback(p, otherBet.transaction_uuid))).status).toBe(
        'RS_OK',
      );
      expect(await cashOf(games.app, p.id)).toBe(9_500n);
      await expectLedgerReconciled(games.app);
    });

    it('remembers a rollback of a bet it never saw, so the late bet is refused and never debited', async () => {
      const p = await player('100');
      const late = bet(p, 10 * BDT);
      const answer = await walletCall(games, 'transaction/rollback', rollback(p, late.transaction_uuid));
      expect(answer).toMatchObject({ status: 'RS_OK', balance: 100 * BDT });
      const refused = await walletCall(games, 'transaction/bet', late);
      expect(refused.status).not.toBe('RS_OK');
      expect(refused.balance).toBe(100 * BDT);
      expect(await cashOf(games.app, p.id)).toBe(10_000n);
      // And a win that settles it finds nothing to settle.
      expect((await walletCall(games, 'transaction/win', win(p, late, 50 * BDT))).status).toBe(
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
    });

    it('answers TRANSACTION_DOES_NOT_EXIST for a win of an unknown bet or of a rolled-back bet', async () => {
      const p = await player('100');
      const unknown = await walletCall(games, 'transaction/win', win(p, bet(p, BDT), 5 * BDT));
      expect(unknown.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      const betBody = bet(p, 10 * BDT);
      await walletCall(games, 'transaction/bet', betBody);
      await walletCall(games, 'transaction/rollback', rollback(p, betBody.transaction_uuid));
      const afterRollback = await walletCall(games, 'transaction/win', win(p, betBody, 5 * BDT));
      expect(afterRollback.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      expect(await cashOf(games.app, p.id)).toBe(10_000n);
      const recall = await games.app.services.gaming.recall(p.id, 'en');
      expect(recall.rounds.find((round) => round.roundId === betBody.round)).toMatchObject({
        status: 'rolled_back',
        stake: { minor: '0' },
      });
    });

    it("claims a bet, and reads a win and its bet and claims the win, each in one statement of text (no drizzle-built read or insert, whose building costs more than the statement's round trip)", async () => {
      const p = await player('100');
      // A first bet of the member reads what later bets remember (member, session, accounts).
      await walletCall(games, 'transaction/bet', bet(p, BDT));
      const betBody = bet(p, 10 * BDT);
      const { db } = games.app.database;
      // The tables that the app reads with drizzle's select and writes with its insert meanwhile.
      const tables: string[] = [];
      const select = db.select.bind(db);
      const selectSpy = vi.spyOn(db, 'select').mockImplementation(((...args: Parameters<typeof db.select>) => {
        const builder = select(...args);
        const from = builder.from.bind(builder);
        builder.from = ((table: Parameters<typeof from>[0]) => {
          tables.push(getTableName(table as PgTable));
          return from(table);
        }) as typeof from;
        return builder;
      }) as typeof db.select);
      const insertSpy = vi.spyOn(db, 'insert');
      try {
        expect(await walletCall(games, 'transaction/bet', betBody)).toMatchObject({
          status: 'RS_OK',
          balance: 89 * BDT,
        });
        const winAnswer = await walletCall(games, 'transaction/win', win(p, betBody, 5 * BDT));
        expect(winAnswer).toMatchObject({ status: 'RS_OK', balance: 94 * BDT });
        expect(tables).not.toContain('gaming_wallet_transactions');
        expect(insertSpy.mock.calls.map(([table]) => getTableName(table))).not.toContain('gaming_wallet_transactions');
      } finally {
        selectSpy.mockRestore();
        insertSpy.mockRestore();
      }
      expect(await cashOf(games.app, p.id)).toBe(9_400n);
      // The claimed bet, finished, reads back as the repository reads it.
      expect(await storedTx(betBody.transaction_uuid)).toMatchObject({
        kind: 'bet',
        status: 'RS_OK',
        accountId: p.id,
        vendorCode: 'PG',
        gameCode: 'pg_slot_0',
        roundId: betBody.round,
        roundClosed: false,
        referenceUuid: null,
        amountMinor: 1_000n,
        amountVendor: String(10 * BDT),
        currency: 'BDT',
        request: betBody,
        rolledBackAt: null,
      });
    });

    it("moves a bet's and a win's money, finishes its row and adds it to the round in one statement, without a transaction", async () => {
      const p = await player('100');
      await walletCall(games, 'transaction/bet', bet(p, BDT));
      const { db } = games.app.database;
      const transaction = vi.spyOn(db, 'transaction');
      const betBody = bet(p, 10 * BDT);
      const winBody = win(p, betBody, 4 * BDT);
      try {
        expect(await walletCall(games, 'transaction/bet', betBody)).toMatchObject({
          status: 'RS_OK',
          balance: 89 * BDT,
        });
        expect(await walletCall(games, 'transaction/win', winBody)).toMatchObject({
          status: 'RS_OK',
          balance: 93 * BDT,
        });
        expect(transaction).not.toHaveBeenCalled();
      } finally {
        transaction.mockRestore();
      }
      const betRow = await storedTx(betBody.transaction_uuid);
      const winRow = await storedTx(winBody.transaction_uuid);
      expect(betRow).toMatchObject({ status: 'RS_OK', rolledBackAt: null });
      expect(winRow).toMatchObject({ status: 'RS_OK' });
      const betTransfer = await games.app.services.wallet.getTransferByKey(`hub88:bet:${betBody.transaction_uuid}`);
      const winTransfer = await games.app.services.wallet.getTransferByKey(`hub88:win:${winBody.transaction_uuid}`);
      expect(betRow?.ledgerTransferId).toBe(betTransfer?.id);
      expect(winRow?.ledgerTransferId).toBe(winTransfer?.id);
      const recall = await games.app.services.gaming.recall(p.id, 'en');
      expect(recall.rounds.find((round) => round.roundId === betBody.round)).toMatchObject({
        stake: { amount: '10.00' },
        win: { amount: '4.00' },
        status: 'closed',
      });
      expect(await cashOf(games.app, p.id)).toBe(9_300n);
      // A repeat answers the first result and moves nothing.
      expect(await walletCall(games, 'transaction/bet', betBody)).toMatchObject({ status: 'RS_OK', balance: 93 * BDT });
      expect(await walletCall(games, 'transaction/win', winBody)).toMatchObject({ status: 'RS_OK', balance: 93 * BDT });
      expect(await cashOf(games.app, p.id)).toBe(9_300n);
      await expectLedgerReconciled(games.app);
    });

    it('claims a win only against a bet of the same member in the wallet currency, answered and not rolled back', async () => {
      const p = await player('100');
      const other = await player('100');
      const betBody = bet(p, 10 * BDT);
      await walletCall(games, 'transaction/bet', betBody);
      // Another member's win of it, a win in another currency: refused, nothing claimed, so a proper win still works.
      const stolenBody = win(other, betBody, 5 * BDT);
      const stolen = await walletCall(games, 'transaction/win', stolenBody);
      expect(stolen.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      const foreign = win(p, betBody, 5 * BDT, { currency: 'USD' });
      expect((await walletCall(games, 'transaction/win', foreign)).status).toBe('RS_ERROR_WRONG_CURRENCY');
      const proper = win(p, betBody, 5 * BDT);
      expect((await walletCall(games, 'transaction/win', proper)).status).toBe('RS_OK');
      // The claimed row is the one a plain read returns, with the bet's vendor and the call's round.
      const stored = await storedTx(proper.transaction_uuid);
      expect(stored).toMatchObject({
        kind: 'win',
        status: 'RS_OK',
        accountId: p.id,
        vendorCode: 'PG',
        gameCode: 'pg_slot_0',
        roundId: betBody.round,
        roundClosed: true,
        referenceUuid: betBody.transaction_uuid,
        amountMinor: 500n,
        amountVendor: String(5 * BDT),
        currency: 'BDT',
        request: proper,
      });
      // A win of a bet refused for want of money is refused too.
      const tooBig = bet(p, 1000 * BDT);
      expect((await walletCall(games, 'transaction/bet', tooBig)).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
      const ofRefused = await walletCall(games, 'transaction/win', win(p, tooBig, 5 * BDT));
      expect(ofRefused.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      expect(await storedTx(stolenBody.transaction_uuid)).toBeNull();
      expect(await storedTx(foreign.transaction_uuid)).toBeNull();
      expect(await cashOf(games.app, p.id)).toBe(9_500n);
      expect(await cashOf(games.app, other.id)).toBe(10_000n);
    });

    it('accepts a zero win that closes a round', async () => {
      const p = await player('10');
      const betBody = bet(p, 2 * BDT);
      await walletCall(games, 'transaction/bet', betBody);
      expect((await walletCall(games, 'transaction/win', win(p, betBody, 0))).status).toBe('RS_OK');
      expect(await cashOf(games.app, p.id)).toBe(800n);
    });
  });

  describe('repository', () => {
    it('returns a claimed row and a win claimed against its bet exactly as a plain read decodes them, and null for a taken id', async () => {
      const { db } = games.app.database;
      const id = uuid();
      const claim = {
        merchantCode: 'REPOTEST',
        aggregator: 'hub88',
        transactionUuid: id,
        kind: 'bet',
        accountId: 7,
        vendorCode: 'PG',
        gameCode: 'pg_slot_0',
        roundId: 'round-1',
        roundClosed: false,
        amountMinor: 1_234n,
        amountVendor: '1234000',
        currency: 'BDT',
        fingerprint: 'print',
        status: 'RS_OK',
        request: { nested: { a: [1, 'two'] } },
      };
      const claimed = await claimWalletTx(db, claim);
      expect(claimed).toEqual(await findWalletTx(db, 'REPOTEST', 'hub88', id));
      expect(typeof claimed?.id).toBe('number');
      expect(claimed?.createdAt).toBeInstanceOf(Date);
      expect(await claimWalletTx(db, { ...claim, kind: 'win' })).toBeNull();
      const tombstone = await claimWalletTx(db, {
        merchantCode: 'REPOTEST',
        aggregator: 'hub88',
        transactionUuid: uuid(),
        kind: 'tombstone',
        fingerprint: '',
        status: 'tombstone',
      });
      expect(tombstone).toMatchObject({ accountId: null, amountMinor: 0n, amountVendor: '0', request: {} });
      const winId = uuid();
      const { found, claimed: won } = await claimWinOfBet(db, {
        merchantCode: 'REPOTEST',
        aggregator: 'hub88',
        transactionUuid: winId,
        referenceUuid: id,
        accountId: 7,
        currency: 'BDT',
        gameCode: null,
        roundId: null,
        roundClosed: true,
        amountMinor: 99n,
        amountVendor: '99000',
        fingerprint: 'win-print',
        request: { win: true },
      });
      expect(found).toEqual([claimed]);
      expect(won).toEqual(await findWalletTx(db, 'REPOTEST', 'hub88', winId));
      expect(won).toMatchObject({ kind: 'win', gameCode: 'pg_slot_0', roundId: 'round-1', referenceUuid: id });
    });
  });

  describe('concurrency', () => {
    it('lets exactly 10 of 50 parallel bets through on a balance for 10, and the ledger reconciles', async () => {
      const p = await player('100');
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => walletCall(games, 'transaction/bet', bet(p, 10 * BDT))),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 'RS_OK')).toHaveLength(10);
      expect(statuses.filter((status) => status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(40);
      expect(await cashOf(games.app, p.id)).toBe(0n);
      await expectLedgerReconciled(games.app);
    });

    it('debits once when the same bet arrives 10 times at once', async () => {
      const p = await player('100');
      const body = bet(p, 7 * BDT);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => walletCall(games, 'transaction/bet', { ...body, request_uuid: uuid() })),
      );
      expect(answers.every((answer) => answer.status === 'RS_OK')).toBe(true);
      expect(await cashOf(games.app, p.id)).toBe(9_300n);
      await expectLedgerReconciled(games.app);
    });

    it('gives a bet back exactly once when its rollback races it', async () => {
      const p = await player('100');
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const body = bet(p, 5 * BDT);
          const [betAnswer] = await Promise.all([
            walletCall(games, 'transaction/bet', body),
            walletCall(games, 'transaction/rollback', rollback(p, body.transaction_uuid)),
          ]);
          return betAnswer.status;
        }),
      );
      expect(outcomes).toHaveLength(10);
      // Whatever order they landed in, every bet was rolled back: the member has everything back.
      expect(await cashOf(games.app, p.id)).toBe(10_000n);
      await expectLedgerReconciled(games.app);
    });
  });
});
