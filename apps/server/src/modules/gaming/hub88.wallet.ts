import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db';
import { isAppError } from '../../platform/http/app-error';
import type { WalletService } from '../wallet';
import { minorToProtocol, protocolToMinor } from './gaming.amounts';
import * as repo from './gaming.repository';
import { hub88PublicKey, verifyHub88Body } from './hub88.signature';

/**
 * The operator side of the Hub88 Wallet API (seamless): user/info, user/balance, transaction/bet, transaction/win and
 * transaction/rollback. Every answer is HTTP 200 with a status in the body; `request_uuid` is echoed.
 *
 * Rules (the protocol summary, and where it is unsure the safe reading, see docs/vendors.md):
 * - the signature is checked over the raw body bytes before anything is parsed;
 * - a `transaction_uuid` moves money at most once: the wallet transfer is keyed by it, and a repeat with the same
 *   data answers the first status with the current balance; with other data RS_ERROR_DUPLICATE_TRANSACTION;
 * - wins and rollbacks never check the token's expiry;
 * - a rollback of a bet never seen answers RS_OK and leaves a tombstone, so the late bet is refused;
 * - a rollback that overtakes a bet still in flight cancels it: the bet, finding itself cancelled after it debited,
 *   reverses its own debit under the same key the rollback uses, so the money moves back exactly once;
 * - amounts convert exactly between the protocol scale and our minor units; anything else is refused.
 * @see /work/shared/protocols/hub88-wallet.md
 */

export const hub88Aggregator = 'hub88';

export type Hub88Status =
  | 'RS_OK'
  | 'RS_ERROR_UNKNOWN'
  | 'RS_ERROR_INVALID_PARTNER'
  | 'RS_ERROR_INVALID_TOKEN'
  | 'RS_ERROR_INVALID_GAME'
  | 'RS_ERROR_WRONG_CURRENCY'
  | 'RS_ERROR_NOT_ENOUGH_MONEY'
  | 'RS_ERROR_USER_DISABLED'
  | 'RS_ERROR_INVALID_SIGNATURE'
  | 'RS_ERROR_TOKEN_EXPIRED'
  | 'RS_ERROR_WRONG_SYNTAX'
  | 'RS_ERROR_WRONG_TYPES'
  | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';

export type Hub88Answer = { status: Hub88Status } & Record<string, unknown>;

export type Hub88Endpoint =
  | 'user/info'
  | 'user/balance'
  | 'transaction/bet'
  | 'transaction/win'
  | 'transaction/rollback';

export type Hub88WalletDeps = {
  db: Db;
  merchantCode: string;
  wallet: Pick<WalletService, 'ensureAccount' | 'getAccount' | 'transfer' | 'reverse' | 'getTransferByKey'>;
  identity: {
    getAccount(accountId: number): Promise<{ id: number; status: 'active' | 'disabled'; role: string | null } | null>;
  };
  currency(): Promise<{ code: string; scale: number }>;
  /** The aggregator's public key (PEM): every wallet call must be signed with its private key. */
  publicKeyPem: string;
  /** Integer scale of the protocol's amounts (Hub88 fiat: 5, i.e. 1/100000). */
  protocolScale?: number;
  /** The catalogue vendor of a Hub88 game code, for rounds; null when the game is unknown. */
  vendorOfGame(gameCode: string): Promise<string | null>;
  /** After a bet, win or rollback moved money: the member's header balance is pushed over the socket. */
  onBalanceChanged?: (accountId: number) => void;
  now?: () => Date;
  log?: { warn(details: object, message: string): void; error(details: object, message: string): void };
};

/** The protocol's player id for an account: no personal data, at least 4 characters. */
export function hub88UserOf(accountId: number): string {
  return `u${String(accountId).padStart(6, '0')}`;
}

function accountOfUser(user: string): number | null {
  const match = /^u(\d{6,9})$/.exec(user);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

type FieldType = 'string' | 'boolean' | 'integer' | 'object' | 'array';
type Spec = Record<string, { type: FieldType; required: boolean }>;

const str = (required = true) => ({ type: 'string' as const, required });
const bool = (required = true) => ({ type: 'boolean' as const, required });
const int = (required = true) => ({ type: 'integer' as const, required });

const common: Spec = {
  supplier_transaction_id: str(false),
  supplier_user: str(false),
  reward_uuid: str(false),
  is_free: bool(false),
  is_aggregated: bool(false),
  bet: str(false),
  meta: { type: 'object', required: false },
  game_id: int(false),
};

const specs: Record<Hub88Endpoint, Spec> = {
  'user/info': { user: str(), request_uuid: str() },
  'user/balance': { user: str(), token: str(), request_uuid: str(), game_code: str(false) },
  'transaction/bet': {
    ...common,
    user: str(),
    token: str(),
    request_uuid: str(),
    transaction_uuid: str(),
    round: str(),
    round_closed: bool(),
    game_code: str(),
    currency: str(),
    amount: int(),
  },
  'transaction/win': {
    ...common,
    user: str(),
    token: str(false),
    request_uuid: str(),
    transaction_uuid: str(),
    reference_transaction_uuid: str(),
    round: str(false),
    round_closed: bool(false),
    game_code: str(false),
    currency: str(),
    amount: int(),
  },
  'transaction/rollback': {
    ...common,
    user: str(),
    token: str(false),
    request_uuid: str(),
    transaction_uuid: str(),
    reference_transaction_uuid: str(),
    round: str(false),
    round_closed: bool(false),
    game_code: str(false),
  },
};

/** RS_ERROR_WRONG_SYNTAX for a missing field or a body that is not an object, RS_ERROR_WRONG_TYPES for a wrong type. */
function check(body: unknown, spec: Spec): Hub88Status | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'RS_ERROR_WRONG_SYNTAX';
  const record = body as Record<string, unknown>;
  for (const [name, field] of Object.entries(spec)) {
    const value = record[name];
    if (value === undefined || value === null) {
      if (field.required) return 'RS_ERROR_WRONG_SYNTAX';
      continue;
    }
    const ok =
      field.type === 'integer'
        ? typeof value === 'number' && Number.isSafeInteger(value)
        : field.type === 'object'
          ? typeof value === 'object' && !Array.isArray(value)
          : field.type === 'array'
            ? Array.isArray(value)
            : typeof value === field.type;
    if (!ok) return 'RS_ERROR_WRONG_TYPES';
    if (field.type === 'string' && (value as string).length > 255) return 'RS_ERROR_WRONG_TYPES';
  }
  const amount = record.amount;
  if (typeof amount === 'number' && amount < 0) return 'RS_ERROR_WRONG_TYPES';
  for (const name of ['transaction_uuid', 'reference_transaction_uuid', 'round', 'game_code']) {
    const value = record[name];
    if (typeof value === 'string' && (value.length === 0 || value.length > 100)) return 'RS_ERROR_WRONG_TYPES';
  }
  return null;
}

function fingerprint(parts: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

const betKey = (uuid: string) => `hub88:bet:${uuid}`;
const winKey = (uuid: string) => `hub88:win:${uuid}`;
/** The one key under which a bet (or win) is ever reversed, whoever reverses it. */
const reverseKey = (uuid: string) => `hub88:reverse:${uuid}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createHub88Wallet(deps: Hub88WalletDeps) {
  const protocolScale = deps.protocolScale ?? 5;
  const now = deps.now ?? (() => new Date());
  const { db, merchantCode } = deps;
  // Parsed once (a PEM that does not parse is kept as text: every call is then refused as before, not the start-up).
  let publicKey: ReturnType<typeof hub88PublicKey> | string = deps.publicKeyPem;
  try {
    publicKey = hub88PublicKey(deps.publicKeyPem);
  } catch {
    deps.log?.error({}, 'hub88: the aggregator public key does not parse; every wallet call will be refused');
  }
  const cashAccounts = new Map<number, number>();
  const accountCache = new Map<
    number,
    { at: number; value: Awaited<ReturnType<Hub88WalletDeps['identity']['getAccount']>> }
  >();

  /**
   * The identity account, remembered for two seconds: every callback of a busy player would otherwise read it again.
   * A disabled account therefore stops betting within two seconds.
   */
  async function identityAccount(accountId: number) {
    const known = accountCache.get(accountId);
    if (known && Date.now() - known.at < 2_000) return known.value;
    const value = await deps.identity.getAccount(accountId);
    if (accountCache.size > 10_000) accountCache.clear();
    accountCache.set(accountId, { at: Date.now(), value });
    return value;
  }
  const houseAccounts = new Map<string, number>();

  async function cashAccountId(accountId: number, currency: string): Promise<number> {
    const known = cashAccounts.get(accountId);
    if (known !== undefined) return known;
    const account = await deps.wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', currency);
    cashAccounts.set(accountId, account.id);
    return account.id;
  }

  async function houseAccountId(currency: string): Promise<number> {
    const known = houseAccounts.get(currency);
    if (known !== undefined) return known;
    const account = await deps.wallet.ensureAccount({ type: 'house' }, 'HOUSE_GAMING', currency);
    houseAccounts.set(currency, account.id);
    return account.id;
  }

  /** The member's spendable balance at the protocol's scale (rounded down when our scale is finer). */
  async function balanceOf(accountId: number, currency: { code: string; scale: number }): Promise<number> {
    const account = await deps.wallet.getAccount(await cashAccountId(accountId, currency.code));
    return protocolBalance(account.availableMinor, currency);
  }

  /** What the member can spend, in the protocol's units (rounded down to a unit the protocol can carry). */
  function protocolBalance(availableMinor: bigint, currency: { scale: number }): number {
    let minor = availableMinor;
    let value = minorToProtocol(minor, protocolScale, currency.scale);
    while (value === null) {
      minor -= 1n;
      value = minorToProtocol(minor, protocolScale, currency.scale);
    }
    return Number(value);
  }

  function changed(accountId: number): void {
    deps.onBalanceChanged?.(accountId);
  }

  /** The answer with the member's balance; `reading` is a balance read already started (after the money moved). */
  async function withBalance(
    base: Record<string, unknown>,
    status: Hub88Status,
    accountId: number | null,
    currency: { code: string; scale: number },
    reading?: Promise<number>,
  ): Promise<Hub88Answer> {
    if (accountId === null) return { ...base, status };
    try {
      return { ...base, status, currency: currency.code, balance: await (reading ?? balanceOf(accountId, currency)) };
    } catch {
      return { ...base, status };
    }
  }

  /**
   * The balance read started beside the statement that records the outcome (the money has moved by then), so the
   * answer waits for one round trip instead of two; a failed read is handled by withBalance.
   */
  function balanceReading(
    accountId: number,
    currency: { code: string; scale: number },
    availableAfterMinor?: bigint,
  ): Promise<number> {
    // The ledger's statement that moved the money read the balance after it already: no second read.
    if (availableAfterMinor !== undefined) return Promise.resolve(protocolBalance(availableAfterMinor, currency));
    const reading = balanceOf(accountId, currency);
    reading.catch(() => undefined);
    return reading;
  }

  function roundOf(
    row: repo.WalletTxRow,
    deltas: { stake: bigint; win: bigint },
    status: 'open' | 'closed' | 'rolled_back' | null,
  ): repo.RoundChange | null {
    if (!row.roundId || row.accountId === null || !row.currency) return null;
    return {
      merchantCode,
      aggregator: hub88Aggregator,
      roundId: row.roundId,
      accountId: row.accountId,
      vendorCode: row.vendorCode ?? 'HUB88',
      gameCode: row.gameCode ?? '',
      currency: row.currency,
      stakeDeltaMinor: deltas.stake,
      winDeltaMinor: deltas.win,
      status,
      now: now(),
    };
  }

  /** The live member behind a protocol user id, or the status that refuses it. */
  async function member(user: string): Promise<{ accountId: number } | { status: Hub88Status }> {
    const accountId = accountOfUser(user);
    if (accountId === null) return { status: 'RS_ERROR_UNKNOWN' };
    const account = await identityAccount(accountId);
    if (!account || account.role === null || account.role === 'trial') return { status: 'RS_ERROR_UNKNOWN' };
    if (account.status !== 'active') return { status: 'RS_ERROR_USER_DISABLED' };
    return { accountId };
  }

  // Game sessions never change once issued (the expiry is checked on every call), so a busy player's token is read
  // from the database at most every 10 seconds.
  const sessionCache = new Map<string, { at: number; row: repo.SessionRow | null }>();
  async function sessionRow(token: string): Promise<repo.SessionRow | null> {
    const known = sessionCache.get(token);
    if (known?.row && Date.now() - known.at < 10_000) return known.row;
    const row = await repo.findSession(db, token);
    if (sessionCache.size > 50_000) sessionCache.clear();
    if (row) sessionCache.set(token, { at: Date.now(), row });
    return row;
  }

  /** The token's session, or the status that refuses it (expiry only when asked: bets and balance). */
  async function session(
    token: string,
    accountId: number,
    checkExpiry: boolean,
  ): Promise<{ status: Hub88Status } | { row: repo.SessionRow }> {
    const row = await sessionRow(token);
    if (!row || row.accountId !== accountId || row.merchantCode !== merchantCode) {
      return { status: 'RS_ERROR_INVALID_TOKEN' };
    }
    if (checkExpiry && row.expiresAt.getTime() <= now().getTime()) return { status: 'RS_ERROR_TOKEN_EXPIRED' };
    return { row };
  }

  async function roundChange(
    tx: Parameters<typeof repo.applyToRound>[0],
    row: repo.WalletTxRow,
    deltas: { stake: bigint; win: bigint },
    status: 'open' | 'closed' | 'rolled_back' | null,
  ): Promise<void> {
    const change = roundOf(row, deltas, status);
    if (change) await repo.applyToRound(tx, change);
  }

  /** Answers a transaction id seen before: its first status (with the current balance) or a duplicate refusal. */
  async function replay(
    existing: repo.WalletTxRow,
    kind: string,
    print: string,
    base: Record<string, unknown>,
    accountId: number | null,
    currency: { code: string; scale: number },
  ): Promise<Hub88Answer | 'pending'> {
    if (existing.kind !== kind || existing.fingerprint !== print) {
      return withBalance(base, 'RS_ERROR_DUPLICATE_TRANSACTION', accountId, currency);
    }
    if (existing.status === 'cancelled')
      return withBalance(base, 'RS_ERROR_DUPLICATE_TRANSACTION', accountId, currency);
    if (existing.status === 'pending') return 'pending';
    return withBalance(base, existing.status as Hub88Status, accountId, currency);
  }

  /** What a bet needs before it may debit, or the status that refuses it. */
  async function betChecks(
    body: Record<string, unknown>,
    who: { accountId: number } | { status: Hub88Status },
    currency: { code: string; scale: number },
  ): Promise<{ status: Hub88Status } | { accountId: number; vendorCode: string; amountMinor: bigint }> {
    if (!('accountId' in who)) return who;
    const checked = await session(body.token as string, who.accountId, true);
    if ('status' in checked) return checked;
    const gameCode = body.game_code as string;
    const vendorCode = gameCode === checked.row.gameCode ? checked.row.vendorCode : await deps.vendorOfGame(gameCode);
    if (!vendorCode) return { status: 'RS_ERROR_INVALID_GAME' };
    if (body.currency !== currency.code || checked.row.currency !== currency.code) {
      return { status: 'RS_ERROR_WRONG_CURRENCY' };
    }
    const amountMinor = protocolToMinor(BigInt(body.amount as number), protocolScale, currency.scale);
    if (amountMinor === null) return { status: 'RS_ERROR_WRONG_TYPES' };
    return { accountId: who.accountId, vendorCode, amountMinor };
  }

  async function bet(body: Record<string, unknown>, base: Record<string, unknown>): Promise<Hub88Answer> {
    const currency = await deps.currency();
    const uuid = body.transaction_uuid as string;
    const user = body.user as string;
    const who = await member(user);
    const accountId = 'accountId' in who ? who.accountId : null;
    const print = fingerprint({
      user,
      amount: body.amount,
      currency: body.currency,
      round: body.round,
      game: body.game_code,
    });
    /** The answer for an id stored before (its first result), or null when a twin is still moving its money. */
    async function stored(existing: repo.WalletTxRow): Promise<Hub88Answer | null> {
      // A rollback named this bet before it arrived: it must never debit now.
      if (existing.kind === 'tombstone')
        return withBalance(base, 'RS_ERROR_DUPLICATE_TRANSACTION', accountId, currency);
      const answer = await replay(existing, 'bet', print, base, accountId, currency);
      return answer === 'pending' ? null : answer;
    }
    // The checks read only remembered rows, so they come first; a new id is then claimed at once (one statement),
    // and an id seen before is read only when the claim or a check says so. Either way a repeated id is answered
    // with its first result, whatever the checks would say now (an expired token, say).
    const checks = await betChecks(body, who, currency);
    if ('status' in checks) {
      const existing = await repo.findWalletTx(db, merchantCode, hub88Aggregator, uuid);
      const answer = existing ? await stored(existing) : null;
      if (answer) return answer;
      return accountId === null
        ? { ...base, status: checks.status }
        : withBalance(base, checks.status, accountId, currency);
    }
    const { vendorCode, amountMinor } = checks;
    const gameCode = body.game_code as string;
    let row = await repo.claimWalletTx(db, {
      merchantCode,
      aggregator: hub88Aggregator,
      transactionUuid: uuid,
      kind: 'bet',
      accountId: checks.accountId,
      vendorCode,
      gameCode,
      roundId: body.round as string,
      roundClosed: body.round_closed as boolean,
      amountMinor,
      amountVendor: String(body.amount),
      currency: currency.code,
      fingerprint: print,
      status: 'pending',
      request: body,
    });
    if (!row) {
      // A twin or a rollback's tombstone took the id first: answer from what it stored, or finish the twin's row.
      const existing = await repo.findWalletTx(db, merchantCode, hub88Aggregator, uuid);
      if (!existing) return withBalance(base, 'RS_ERROR_UNKNOWN', accountId, currency);
      const answer = await stored(existing);
      if (answer) return answer;
      row = existing;
    }
    return debitBet(row, uuid, checks.accountId, amountMinor, base, currency);
  }

  /**
   * Moves a bet's stake (member to house) or a win (house to member) under the transaction's ledger key, giving the
   * ledger the row's finishing update (RS_OK, the transfer's id, the round's change) as the transfer's guard; `finished`
   * says whether the ledger wrote it in the transfer's own statement (else the caller finishes the row).
   */
  async function moveRoundMoney(
    row: repo.WalletTxRow,
    uuid: string,
    accountId: number,
    amountMinor: bigint,
    currencyCode: string,
    kind: 'BET' | 'WIN',
    round: ReturnType<typeof roundOf>,
  ) {
    const player = await cashAccountId(accountId, currencyCode);
    const house = await houseAccountId(currencyCode);
    let finished = false;
    const transfer = await deps.wallet.transfer(
      {
        idempotencyKey: kind === 'BET' ? betKey(uuid) : winKey(uuid),
        debit: kind === 'BET' ? player : house,
        credit: kind === 'BET' ? house : player,
        amountMinor,
        currency: currencyCode,
        kind,
        metadata: {
          aggregator: hub88Aggregator,
          vendor: row.vendorCode,
          game: row.gameCode,
          round: row.roundId,
          tx: uuid,
        },
      },
      {
        guard: {
          ...repo.finishWalletTxGuard(row.id, 'RS_OK', now(), round),
          guarded: () => {
            finished = true;
          },
        },
      },
    );
    return { transfer, finished };
  }

  /** Moves a claimed bet's stake and records the outcome on its row and round. */
  async function debitBet(
    row: repo.WalletTxRow,
    uuid: string,
    accountId: number,
    amountMinor: bigint,
    base: Record<string, unknown>,
    currency: { code: string; scale: number },
  ): Promise<Hub88Answer> {
    let transferId: number | null = null;
    let availableAfterMinor: bigint | undefined;
    const round = roundOf(row, { stake: amountMinor, win: 0n }, row.roundClosed ? 'closed' : null);
    // Set when the ledger finished the row and its round in the transfer's own statement.
    let finishedWithTransfer = false;
    if (amountMinor > 0n) {
      try {
        const { transfer, finished } = await moveRoundMoney(
          row,
          uuid,
          accountId,
          amountMinor,
          currency.code,
          'BET',
          round,
        );
        finishedWithTransfer = finished;
        transferId = transfer.id;
        availableAfterMinor = transfer.availableAfter?.debitMinor;
      } catch (error) {
        if (isAppError(error) && error.code === 'WALLET_INSUFFICIENT_FUNDS') {
          await repo.finalizeWalletTx(db, row.id, 'RS_ERROR_NOT_ENOUGH_MONEY', null, now());
          return withBalance(base, 'RS_ERROR_NOT_ENOUGH_MONEY', accountId, currency);
        }
        throw error;
      }
    }
    const reading = balanceReading(accountId, currency, availableAfterMinor);
    // Without the guard's statement (the ledger took its ordinary transaction: a twin, a race, no funds, a cancelled
    // row, or no money to move), the row is finished here, and a row no longer pending says why.
    const finalized =
      finishedWithTransfer || (await repo.finalizeWalletTxWithRound(db, row.id, 'RS_OK', transferId, now(), round));
    if (!finalized) {
      const current = await repo.findWalletTx(db, merchantCode, hub88Aggregator, uuid);
      if (current?.status === 'cancelled') {
        // A rollback overtook this bet while it debited: give the money back under the rollback's key.
        if (transferId !== null) await reverseOnce(transferId, uuid);
        changed(accountId);
        return withBalance(base, 'RS_ERROR_DUPLICATE_TRANSACTION', accountId, currency);
      }
      // A twin finished first with the same transfer (the wallet replayed it): answer as it did.
      if (current) return withBalance(base, current.status as Hub88Status, accountId, currency);
    }
    if (transferId !== null) changed(accountId);
    return withBalance(base, 'RS_OK', accountId, currency, reading);
  }

  /** Reverses a ledger transfer under the one key every reverser uses; a second reverser gets the first result. */
  async function reverseOnce(transferId: number, uuid: string): Promise<void> {
    try {
      await deps.wallet.reverse(transferId, reverseKey(uuid), { metadata: { aggregator: hub88Aggregator, tx: uuid } });
    } catch (error) {
      if (isAppError(error) && error.code === 'WALLET_ALREADY_REVERSED') return;
      throw error;
    }
  }

  async function win(body: Record<string, unknown>, base: Record<string, unknown>): Promise<Hub88Answer> {
    const currency = await deps.currency();
    const uuid = body.transaction_uuid as string;
    const reference = body.reference_transaction_uuid as string;
    const user = body.user as string;
    const accountId = accountOfUser(user);
    const print = fingerprint({
      user,
      reference,
      amount: body.amount,
      currency: body.currency,
      round: body.round ?? null,
      game: body.game_code ?? null,
    });
    const amountMinor = protocolToMinor(BigInt(body.amount as number), protocolScale, currency.scale);
    for (let pass = 0; pass < 2; pass += 1) {
      // The win's own id and its bet's, in one statement; on the first pass, when nothing this side refuses the win
      // (a known member, the wallet currency, an amount we can hold), that statement also claims it should the bet
      // allow it. Whatever it read is then judged below exactly as a plain read would be.
      let rows: repo.WalletTxRow[];
      let claimed: repo.WalletTxRow | null = null;
      if (
        pass === 0 &&
        accountId !== null &&
        amountMinor !== null &&
        body.currency === currency.code &&
        (await identityAccount(accountId))
      ) {
        ({ found: rows, claimed } = await repo.claimWinOfBet(db, {
          merchantCode,
          aggregator: hub88Aggregator,
          transactionUuid: uuid,
          referenceUuid: reference,
          accountId,
          currency: currency.code,
          gameCode: (body.game_code as string | undefined) ?? null,
          roundId: (body.round as string | undefined) ?? null,
          roundClosed: (body.round_closed as boolean | undefined) ?? false,
          amountMinor,
          amountVendor: String(body.amount),
          fingerprint: print,
          request: body,
        }));
      } else {
        rows = await repo.findWalletTxs(db, merchantCode, hub88Aggregator, [uuid, reference]);
      }
      const existing = rows.find((found) => found.transactionUuid === uuid) ?? null;
      if (existing) {
        const answer = await replay(existing, 'win', print, base, accountId, currency);
        if (answer !== 'pending') return answer;
      }
      // Wins do not look at the token or the account's status: they settle bets already taken.
      if (accountId === null || !(await identityAccount(accountId))) {
        return { ...base, status: 'RS_ERROR_UNKNOWN' };
      }
      const betRow = rows.find((found) => found.transactionUuid === reference);
      if (
        betRow?.kind !== 'bet' ||
        betRow.status !== 'RS_OK' ||
        betRow.rolledBackAt !== null ||
        betRow.accountId !== accountId
      ) {
        return withBalance(base, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', accountId, currency);
      }
      if (body.currency !== currency.code || betRow.currency !== currency.code) {
        return withBalance(base, 'RS_ERROR_WRONG_CURRENCY', accountId, currency);
      }
      if (amountMinor === null) return withBalance(base, 'RS_ERROR_WRONG_TYPES', accountId, currency);
      const row =
        existing ??
        claimed ??
        (await repo.claimWalletTx(db, {
          merchantCode,
          aggregator: hub88Aggregator,
          transactionUuid: uuid,
          kind: 'win',
          accountId,
          vendorCode: betRow.vendorCode,
          gameCode: (body.game_code as string | undefined) ?? betRow.gameCode,
          roundId: (body.round as string | undefined) ?? betRow.roundId,
          roundClosed: (body.round_closed as boolean | undefined) ?? false,
          referenceUuid: reference,
          amountMinor,
          amountVendor: String(body.amount),
          currency: currency.code,
          fingerprint: print,
          status: 'pending',
          request: body,
        }));
      if (!row) continue;
      let transferId: number | null = null;
      let availableAfterMinor: bigint | undefined;
      const round = roundOf(row, { stake: 0n, win: amountMinor }, row.roundClosed ? 'closed' : null);
      // Set when the ledger finished the row and its round in the transfer's own statement.
      let finishedWithTransfer = false;
      if (amountMinor > 0n) {
        const { transfer, finished } = await moveRoundMoney(
          row,
          uuid,
          accountId,
          amountMinor,
          currency.code,
          'WIN',
          round,
        );
        finishedWithTransfer = finished;
        transferId = transfer.id;
        availableAfterMinor = transfer.availableAfter?.creditMinor;
      }
      const reading = balanceReading(accountId, currency, availableAfterMinor);
      if (!finishedWithTransfer) {
        await repo.finalizeWalletTxWithRound(db, row.id, 'RS_OK', transferId, now(), round);
      }
      if (transferId !== null) changed(accountId);
      return withBalance(base, 'RS_OK', accountId, currency, reading);
    }
    return withBalance(base, 'RS_ERROR_UNKNOWN', accountId, currency);
  }

  async function rollback(body: Record<string, unknown>, base: Record<string, unknown>): Promise<Hub88Answer> {
    const currency = await deps.currency();
    const uuid = body.transaction_uuid as string;
    const reference = body.reference_transaction_uuid as string;
    const user = body.user as string;
    const accountId = accountOfUser(user);
    const print = fingerprint({ user, reference, round: body.round ?? null, game: body.game_code ?? null });
    const existing = await repo.findWalletTx(db, merchantCode, hub88Aggregator, uuid);
    if (existing) {
      const answer = await replay(existing, 'rollback', print, base, accountId, currency);
      if (answer !== 'pending') return answer;
    }
    if (accountId === null || !(await identityAccount(accountId))) {
      return { ...base, status: 'RS_ERROR_UNKNOWN' };
    }
    let target = await repo.findWalletTx(db, merchantCode, hub88Aggregator, reference);
    if (!target) {
      // Never seen: remember it, so that the bet, should it still arrive, is refused.
      await repo.claimWalletTx(db, {
        merchantCode,
        aggregator: hub88Aggregator,
        transactionUuid: reference,
        kind: 'tombstone',
        accountId,
        roundId: (body.round as string | undefined) ?? null,
        currency: currency.code,
        fingerprint: '',
        status: 'tombstone',
        request: { rollback: uuid },
      });
      target = await repo.findWalletTx(db, merchantCode, hub88Aggregator, reference);
    }
    if (!target) return withBalance(base, 'RS_ERROR_UNKNOWN', accountId, currency);
    if (target.accountId !== null && target.accountId !== accountId) {
      return withBalance(base, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', accountId, currency);
    }
    if (target.kind === 'bet' && target.status === 'pending') {
      if (await repo.cancelPendingWalletTx(db, target.id, now())) {
        // The bet is in flight; if its debit already landed, give it back now (the bet will find itself cancelled).
        const debit = await deps.wallet.getTransferByKey(betKey(reference));
        if (debit) {
          await reverseOnce(debit.id, reference);
          changed(accountId);
        }
      } else {
        target = (await repo.findWalletTx(db, merchantCode, hub88Aggregator, reference)) ?? target;
      }
    }
    let moved = false;
    if ((target.kind === 'bet' || target.kind === 'win') && target.status === 'RS_OK' && target.rolledBackAt === null) {
      if (target.ledgerTransferId !== null) {
        try {
          await reverseOnce(target.ledgerTransferId, reference);
          moved = true;
        } catch (error) {
          if (isAppError(error) && error.code === 'WALLET_INSUFFICIENT_FUNDS') {
            // Reversing a win the member has already spent would take the account below zero: refused, and
            // the aggregator keeps retrying until an operator settles it (docs/vendors.md).
            return withBalance(base, 'RS_ERROR_NOT_ENOUGH_MONEY', accountId, currency);
          }
          throw error;
        }
      }
      const row = target;
      await db.transaction(async (tx) => {
        if (await repo.markRolledBack(tx, row.id, now())) {
          await roundChange(
            tx,
            row,
            row.kind === 'bet' ? { stake: -row.amountMinor, win: 0n } : { stake: 0n, win: -row.amountMinor },
            row.kind === 'bet' ? 'rolled_back' : null,
          );
        }
      });
    }
    await repo.claimWalletTx(db, {
      merchantCode,
      aggregator: hub88Aggregator,
      transactionUuid: uuid,
      kind: 'rollback',
      accountId,
      vendorCode: target.vendorCode,
      gameCode: (body.game_code as string | undefined) ?? target.gameCode,
      roundId: (body.round as string | undefined) ?? target.roundId,
      roundClosed: (body.round_closed as boolean | undefined) ?? false,
      referenceUuid: reference,
      currency: currency.code,
      fingerprint: print,
      status: 'RS_OK',
      request: body,
    });
    if (moved) changed(accountId);
    return withBalance(base, 'RS_OK', accountId, currency);
  }

  async function balance(body: Record<string, unknown>, base: Record<string, unknown>): Promise<Hub88Answer> {
    const currency = await deps.currency();
    const who = await member(body.user as string);
    if (!('accountId' in who)) return { ...base, status: who.status };
    const checked = await session(body.token as string, who.accountId, true);
    if ('status' in checked) return withBalance(base, checked.status, who.accountId, currency);
    return withBalance(base, 'RS_OK', who.accountId, currency);
  }

  async function info(body: Record<string, unknown>, base: Record<string, unknown>): Promise<Hub88Answer> {
    const user = body.user as string;
    const who = await member(user);
    if (!('accountId' in who)) return { ...base, status: who.status };
    return { ...base, status: 'RS_OK', tags: [] };
  }

  const handlers: Record<
    Hub88Endpoint,
    (body: Record<string, unknown>, base: Record<string, unknown>) => Promise<Hub88Answer>
  > = {
    'user/info': info,
    'user/balance': balance,
    'transaction/bet': bet,
    'transaction/win': win,
    'transaction/rollback': rollback,
  };

  return {
    /**
     * Handles one wallet call from its raw body and signature header. Never throws: an internal failure answers
     * RS_ERROR_UNKNOWN (the aggregator retries wins and rollbacks until it gets a definite answer).
     */
    async handle(endpoint: Hub88Endpoint, rawBody: Buffer, signature: string | undefined): Promise<Hub88Answer> {
      if (!verifyHub88Body(rawBody, signature, publicKey)) return { status: 'RS_ERROR_INVALID_SIGNATURE' };
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { status: 'RS_ERROR_WRONG_SYNTAX' };
      }
      const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      const base: Record<string, unknown> = {};
      if (typeof record.user === 'string') base.user = record.user;
      if (typeof record.request_uuid === 'string') base.request_uuid = record.request_uuid;
      const problem = check(body, specs[endpoint]);
      if (problem) return { ...base, status: problem };
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await handlers[endpoint](record, base);
        } catch (error) {
          // A race the wallet gave up on, or the database failing: try once more, then let the aggregator retry.
          if (attempt < 2) {
            await sleep(20);
            continue;
          }
          deps.log?.error({ err: error, endpoint }, 'hub88 wallet call failed');
          return { ...base, status: 'RS_ERROR_UNKNOWN' };
        }
      }
    },
  };
}

export type Hub88Wallet = ReturnType<typeof createHub88Wallet>;
