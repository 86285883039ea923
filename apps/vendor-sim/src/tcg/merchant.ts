import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { LotteryDraws } from '../games/lottery';
import type { Sportsbook } from '../games/sportsbook';
import { bookGameCode, isLotteryProduct, productByType, TCG_PRODUCTS, type TcgProduct } from './products';

/*
 * The TCG merchant API state: players, one wallet per (player, product), transfers by reference_no, launch
 * sessions. Status codes follow the one merchant mapping in the protocol summary (section 4); the official table
 * was not available, so these are the simulator's choices, listed in apps/vendor-sim/README.md.
 */
export const TCG_STATUS = {
  OK: 0,
  FAILURE: 1,
  BAD_PARAMS: 2,
  NO_MERCHANT: 3,
  BAD_SIGN: 7,
  CURRENCY: 8,
  ACCOUNT: 9,
  INSUFFICIENT: 11,
  DUPLICATE_REFERENCE: 12,
  NO_PLAYER: 15,
} as const;

export type TcgAnswer = { status: number; error_desc: string | null; [field: string]: unknown };

/** Wallet amounts are kept in 1/10000 of the currency (lottery products allow 4 decimals). */
export const UNITS = 10_000;

type Player = { username: string; passwordHash: string; currency: string; createdAt: string };
type Transfer = {
  referenceNo: string;
  username: string;
  productType: number;
  fundType: 1 | 2;
  amount: number;
  status: 'SUCCESS' | 'FAILED';
  createdAt: string;
  errorDesc?: string;
};
export type TcgSession = {
  id: string;
  username: string;
  productType: number;
  gameCode: string;
  trial: boolean;
  trialBalance: number;
  view: string;
  backUrl?: string;
  language: string;
};
/**
 * One real-money bet as TCG's bet-details report shows it: taken from the player's product wallet, settled (won or
 * lost) or cancelled (stake refunded). Trial (demo) bets are not recorded, as a real vendor does not report them.
 */
export type TcgBetRecord = {
  /** TCG's order number: unique across restarts (time + sequence), the merchant's idempotency key for the bet. */
  orderNo: string;
  username: string;
  productType: number;
  gameCode: string;
  /** The game's own id of the bet (lottery `LB…`, book `BB…`): how a settlement finds its record. */
  gameBetId: string;
  /** Stake and total return (stake included), in wallet units (1/10000). */
  amount: number;
  returned: number;
  status: 'UNSETTLED' | 'SETTLED' | 'CANCELLED';
  betTime: string;
  settleTime: string | null;
};

type State = { players: Player[]; wallets: Array<[string, number]>; transfers: Transfer[]; bets?: TcgBetRecord[] };

/** Reports serve bets of the last 15 days (TCG keeps its settled files that long); older ones are dropped. */
const BET_RETENTION_MS = 15 * 24 * 3_600_000;
/** A bet-details query may span at most 7 days (the summary's limit for report queries). */
const REPORT_MAX_RANGE_MS = 7 * 24 * 3_600_000;
const REPORT_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const ok = (fields: Record<string, unknown> = {}): TcgAnswer => ({ status: 0, error_desc: null, ...fields });
const fail = (status: number, errorDesc: string, fields: Record<string, unknown> = {}): TcgAnswer => ({
  status,
  error_desc: errorDesc,
  ...fields,
});

/** Parses a positive decimal (number or string) with at most `decimals` places into wallet units, exactly. */
export function parseAmount(value: unknown, decimals = 4): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = new RegExp(`^(\\d{1,12})(?:\\.(\\d{1,${decimals}}))?$`).exec(text);
  if (!match) return undefined;
  const units = Number(match[1]) * UNITS + Number((match[2] ?? '').padEnd(4, '0'));
  return units > 0 ? units : undefined;
}

export const formatAmount = (units: number): number => units / UNITS;

const LOTTERY_VIEWS = ['Lobby', 'game_list', 'Game_List', 'Betting', 'Draw_History', 'Orders', 'Trend_Chart'];

export class TcgMerchant {
  private readonly players = new Map<string, Player>();
  private readonly wallets = new Map<string, number>();
  private readonly transfers = new Map<string, Transfer>();
  private readonly bets: TcgBetRecord[] = [];
  /** Open bets of this process by `<productType>:<game bet id>` (game bet ids restart with the process). */
  private readonly openBets = new Map<string, TcgBetRecord>();
  private betSequence = 0;
  readonly sessions = new Map<string, TcgSession>();

  constructor(
    private readonly options: {
      currency: string;
      lottery: LotteryDraws;
      books: Map<number, Sportsbook>;
      stateFile?: string;
      /** The report time zone (start_date, end_date and the times in `bdm` answers), minutes east of UTC. */
      reportUtcOffsetMinutes?: number;
    },
  ) {
    if (options.stateFile) {
      try {
        const state = JSON.parse(readFileSync(options.stateFile, 'utf8')) as State;
        for (const player of state.players) this.players.set(player.username, player);
        for (const [key, units] of state.wallets) this.wallets.set(key, units);
        for (const transfer of state.transfers) this.transfers.set(transfer.referenceNo, transfer);
        this.bets.push(...(state.bets ?? []));
      } catch {
        // No state yet (first start) or an unreadable file: start empty.
      }
      // Draws and events live in memory: bets a restart left open can never be settled, so they are cancelled and
      // their stakes refunded (what a real vendor does with a voided draw).
      const restartedAt = new Date().toISOString();
      let cancelled = 0;
      for (const bet of this.bets) {
        if (bet.status !== 'UNSETTLED') continue;
        bet.status = 'CANCELLED';
        bet.returned = bet.amount;
        bet.settleTime = restartedAt;
        this.setBalance(bet.username, bet.productType, this.balance(bet.username, bet.productType) + bet.amount);
        cancelled += 1;
      }
      if (cancelled > 0) this.persist();
    }
  }

  private get reportOffsetMs(): number {
    return (this.options.reportUtcOffsetMinutes ?? 480) * 60_000;
  }

  private persist(): void {
    if (!this.options.stateFile) return;
    const state: State = {
      players: [...this.players.values()],
      wallets: [...this.wallets],
      transfers: [...this.transfers.values()],
      bets: this.bets,
    };
    writeFileSync(this.options.stateFile, JSON.stringify(state));
  }

  balance(username: string, productType: number): number {
    return this.wallets.get(`${username}:${productType}`) ?? 0;
  }

  private setBalance(username: string, productType: number, units: number): void {
    if (units < 0) throw new Error('a TCG wallet may not go negative');
    this.wallets.set(`${username}:${productType}`, units);
  }

  /** Moves a lottery stake out of the player's product wallet; false when the balance is short. */
  debitForBet(username: string, productType: number, units: number): boolean {
    const balance = this.balance(username, productType);
    if (balance < units) return false;
    this.setBalance(username, productType, balance - units);
    this.persist();
    return true;
  }

  /** Credits a settled lottery or book bet (a trial session's bettor is `trial:<session id>`). */
  credit = (username: string, productType: number, returned: number): void => {
    if (returned <= 0) return;
    const session = [...this.sessions.values()].find((s) => s.trial && username === `trial:${s.id}`);
    if (session) session.trialBalance += returned;
    else this.setBalance(username, productType, this.balance(username, productType) + returned);
    this.persist();
  };

  /**
   * Records a real-money bet whose stake the caller has just taken with `debitForBet`, for the bet-details report.
   * Trial bettors (`trial:<session>`) are not recorded.
   */
  recordBet(bet: { username: string; productType: number; gameCode: string; gameBetId: string; amount: number }) {
    if (bet.username.startsWith('trial:')) return undefined;
    this.betSequence += 1;
    const now = Date.now();
    const record: TcgBetRecord = {
      ...bet,
      orderNo: `T${now.toString(36).toUpperCase()}${String(this.betSequence).padStart(6, '0')}`,
      returned: 0,
      status: 'UNSETTLED',
      betTime: new Date(now).toISOString(),
      settleTime: null,
    };
    this.bets.push(record);
    this.openBets.set(`${bet.productType}:${bet.gameBetId}`, record);
    const oldest = now - BET_RETENTION_MS;
    while (this.bets.length > 0 && Date.parse((this.bets[0] as TcgBetRecord).betTime) < oldest) this.bets.shift();
    this.persist();
    return record;
  }

  /**
   * Settles a lottery or book bet: credits what it returns (a cancelled bet returns its stake) and closes its
   * report record as SETTLED or CANCELLED.
   */
  settleGameBet = (
    bet: { id: string; username: string; productType: number; status: string },
    returned: number,
  ): void => {
    const key = `${bet.productType}:${bet.id}`;
    const record = this.openBets.get(key);
    if (record) {
      this.openBets.delete(key);
      record.status = bet.status === 'cancelled' ? 'CANCELLED' : 'SETTLED';
      record.returned = returned;
      record.settleTime = new Date().toISOString();
    }
    this.credit(bet.username, bet.productType, returned);
    if (record && returned <= 0) this.persist();
  };

  /** The recorded real-money bets (newest last). */
  betRecords(): readonly TcgBetRecord[] {
    return this.bets;
  }

  /** The games of a product: its lottery games, or the book's lobby. */
  productGames(product: TcgProduct): Array<{ code: string; name: string; subType: string }> {
    if (!isLotteryProduct(product)) return [{ code: bookGameCode(product), name: product.name, subType: 'SPORTSBOOK' }];
    return this.options.lottery.games
      .filter((game) => game.productType === product.productType)
      .map((game) => ({ code: game.code, name: game.name, subType: 'SSC' }));
  }

  book(productType: number): Sportsbook | undefined {
    return this.options.books.get(productType);
  }

  /** Runs one decrypted Common API call. `applied` tells the route whether money moved (for the ambiguity fault). */
  handle(params: Record<string, unknown>): { answer: TcgAnswer; moved: boolean } {
    const method = params.method;
    switch (method) {
      case 'cm':
        return { answer: this.createMember(params), moved: false };
      case 'up':
        return { answer: this.updatePassword(params), moved: false };
      case 'gb':
        return { answer: this.getBalance(params), moved: false };
      case 'ft':
        return this.fundTransfer(params);
      case 'ftoa':
        return this.transferOutAll(params);
      case 'cs':
        return { answer: this.checkStatus(params), moved: false };
      case 'lg':
        return { answer: this.launch(params), moved: false };
      case 'tgl':
        return { answer: this.gameList(params), moved: false };
      case 'gldr':
        return { answer: this.drawResults(params), moved: false };
      case 'bdm':
        return { answer: this.betDetails(params), moved: false };
      default:
        return { answer: fail(TCG_STATUS.FAILURE, `Method not supported: ${String(method)}`), moved: false };
    }
  }

  private player(params: Record<string, unknown>): Player | TcgAnswer {
    if (typeof params.username !== 'string' || !params.username)
      return fail(TCG_STATUS.BAD_PARAMS, 'username is required');
    const player = this.players.get(params.username);
    return player ?? fail(TCG_STATUS.NO_PLAYER, 'Player does not exist');
  }

  private product(params: Record<string, unknown>) {
    const productType = Number(params.product_type);
    if (params.product_type === undefined || !Number.isInteger(productType))
      return fail(TCG_STATUS.BAD_PARAMS, 'product_type is required');
    return productByType(productType) ?? fail(TCG_STATUS.FAILURE, `Product not supported: ${productType}`);
  }

  private createMember(params: Record<string, unknown>): TcgAnswer {
    const { username, password } = params;
    if (typeof username !== 'string' || typeof password !== 'string')
      return fail(TCG_STATUS.BAD_PARAMS, 'username and password are required');
    if (!/^[a-z0-9_]{4,30}$/.test(username))
      return fail(TCG_STATUS.ACCOUNT, 'username must be 4-30 lowercase letters, digits or _');
    if (password.length < 6 || password.length > 32)
      return fail(TCG_STATUS.ACCOUNT, 'password must be 6-32 characters');
    const currency = params.currency === undefined ? this.options.currency : params.currency;
    if (currency !== this.options.currency)
      return fail(TCG_STATUS.CURRENCY, `Currency not supported: ${String(currency)}`);
    const existing = this.players.get(username);
    // Registering an existing player succeeds ("ensure the player exists"); the currency stays fixed.
    if (!existing) {
      this.players.set(username, {
        username,
        passwordHash: hashPassword(password),
        currency,
        createdAt: new Date().toISOString(),
      });
      this.persist();
    }
    return ok();
  }

  private updatePassword(params: Record<string, unknown>): TcgAnswer {
    const player = this.player(params);
    if ('status' in player) return player;
    if (typeof params.password !== 'string' || params.password.length < 6 || params.password.length > 32)
      return fail(TCG_STATUS.ACCOUNT, 'password must be 6-32 characters');
    player.passwordHash = hashPassword(params.password);
    this.persist();
    return ok();
  }

  private getBalance(params: Record<string, unknown>): TcgAnswer {
    const player = this.player(params);
    if ('status' in player) return player;
    const product = this.product(params);
    if ('status' in product) return product;
    return ok({ balance: formatAmount(this.balance(player.username, product.productType)) });
  }

  private fundTransfer(params: Record<string, unknown>): { answer: TcgAnswer; moved: boolean } {
    const referenceNo = params.reference_no;
    if (typeof referenceNo !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(referenceNo))
      return {
        answer: fail(TCG_STATUS.BAD_PARAMS, 'reference_no is required (1-64 letters, digits, _ or -)'),
        moved: false,
      };
    if (this.transfers.has(referenceNo))
      return { answer: fail(TCG_STATUS.DUPLICATE_REFERENCE, 'Duplicate reference_no'), moved: false };
    const fundType = Number(params.fund_type);
    if (fundType !== 1 && fundType !== 2)
      return { answer: fail(TCG_STATUS.BAD_PARAMS, 'fund_type must be 1 (in) or 2 (out)'), moved: false };
    const amount = parseAmount(params.amount);
    if (amount === undefined)
      return {
        answer: fail(TCG_STATUS.BAD_PARAMS, 'amount must be a positive decimal with at most 4 places'),
        moved: false,
      };
    const product = this.product(params);
    if ('status' in product) return { answer: product, moved: false };
    const player = this.player(params);
    const record = (status: Transfer['status'], errorDesc?: string) => {
      this.transfers.set(referenceNo, {
        referenceNo,
        username: String(params.username),
        productType: product.productType,
        fundType,
        amount,
        status,
        createdAt: new Date().toISOString(),
        ...(errorDesc ? { errorDesc } : {}),
      });
      this.persist();
    };
    if ('status' in player) {
      if (player.status === TCG_STATUS.NO_PLAYER) record('FAILED', 'Player does not exist');
      return { answer: { ...player, transaction_status: 'FAILED' }, moved: false };
    }
    const balance = this.balance(player.username, product.productType);
    if (fundType === 2 && balance < amount) {
      record('FAILED', 'Insufficient balance');
      return {
        answer: fail(TCG_STATUS.INSUFFICIENT, 'Insufficient balance', { transaction_status: 'FAILED' }),
        moved: false,
      };
    }
    this.setBalance(player.username, product.productType, fundType === 1 ? balance + amount : balance - amount);
    record('SUCCESS');
    return { answer: ok({ transaction_status: 'SUCCESS' }), moved: true };
  }

  private transferOutAll(params: Record<string, unknown>): { answer: TcgAnswer; moved: boolean } {
    const referenceNo = params.reference_no;
    if (typeof referenceNo !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(referenceNo))
      return {
        answer: fail(TCG_STATUS.BAD_PARAMS, 'reference_no is required (1-64 letters, digits, _ or -)'),
        moved: false,
      };
    if (this.transfers.has(referenceNo))
      return { answer: fail(TCG_STATUS.DUPLICATE_REFERENCE, 'Duplicate reference_no'), moved: false };
    const product = this.product(params);
    if ('status' in product) return { answer: product, moved: false };
    const player = this.player(params);
    if ('status' in player) return { answer: player, moved: false };
    const amount = this.balance(player.username, product.productType);
    this.setBalance(player.username, product.productType, 0);
    this.transfers.set(referenceNo, {
      referenceNo,
      username: player.username,
      productType: product.productType,
      fundType: 2,
      amount,
      status: 'SUCCESS',
      createdAt: new Date().toISOString(),
    });
    this.persist();
    return { answer: ok({ transaction_status: 'SUCCESS', amount: formatAmount(amount) }), moved: amount > 0 };
  }

  private checkStatus(params: Record<string, unknown>): TcgAnswer {
    // `ref_no` is the documented key; `reference_no` (seen in one integration) is accepted too.
    const referenceNo = params.ref_no ?? params.reference_no;
    if (typeof referenceNo !== 'string' || !referenceNo) return fail(TCG_STATUS.BAD_PARAMS, 'ref_no is required');
    const product = this.product(params);
    if ('status' in product) return product;
    const transfer = this.transfers.get(referenceNo);
    if (!transfer || transfer.productType !== product.productType)
      return ok({ transaction_status: 'NOT FOUND', transaction_details: null });
    return ok({
      transaction_status: transfer.status,
      transaction_details: {
        reference_no: transfer.referenceNo,
        username: transfer.username,
        product_type: transfer.productType,
        fund_type: transfer.fundType,
        // Signed: money into the product is positive, out of it negative.
        amount: formatAmount(transfer.fundType === 1 ? transfer.amount : -transfer.amount),
        transaction_status: transfer.status,
        created_at: transfer.createdAt,
        ...(transfer.errorDesc ? { error_desc: transfer.errorDesc } : {}),
      },
    });
  }

  private launch(params: Record<string, unknown>): TcgAnswer {
    const player = this.player(params);
    if ('status' in player) return player;
    const product = this.product(params);
    if ('status' in product) return product;
    const gameMode = Number(params.game_mode);
    if (gameMode !== 0 && gameMode !== 1) return fail(TCG_STATUS.BAD_PARAMS, 'game_mode must be 1 (real) or 0 (trial)');
    if (typeof params.platform !== 'string' || !params.platform)
      return fail(TCG_STATUS.BAD_PARAMS, 'platform is required');
    const gameCode = typeof params.game_code === 'string' ? params.game_code : '';
    const games = this.productGames(product);
    if (gameCode !== 'Lobby' && !games.some((game) => game.code === gameCode))
      return fail(TCG_STATUS.BAD_PARAMS, 'Unknown game_code');
    // Lottery products need the prize `series` (one entry per game group).
    const series = params.series;
    if (
      isLotteryProduct(product) &&
      (!Array.isArray(series) ||
        series.length === 0 ||
        !series.every(
          (entry) =>
            entry &&
            typeof entry === 'object' &&
            typeof (entry as { game_group_code?: unknown }).game_group_code === 'string',
        ))
    )
      return fail(TCG_STATUS.BAD_PARAMS, 'series is required for lottery products');
    const view = typeof params.view === 'string' && LOTTERY_VIEWS.includes(params.view) ? params.view : 'Lobby';
    const session: TcgSession = {
      id: randomBytes(18).toString('base64url'),
      username: player.username,
      productType: product.productType,
      gameCode: gameCode === 'Lobby' ? (games[0]?.code ?? '') : gameCode,
      trial: gameMode === 0,
      trialBalance: 2000 * UNITS,
      view,
      language: typeof params.language === 'string' ? params.language : 'EN',
      ...(typeof params.back_url === 'string' && /^https?:\/\//.test(params.back_url)
        ? { backUrl: params.back_url }
        : {}),
    };
    this.sessions.set(session.id, session);
    // game_url is a path; the merchant prefixes its TCG game domain (for the simulator: the origin of TCG_API_URL).
    return ok({ game_url: `/tcg/play/${session.id}` });
  }

  private gameList(params: Record<string, unknown>): TcgAnswer {
    const product = this.product(params);
    if ('status' in product) return product;
    const gameType = typeof params.game_type === 'string' ? params.game_type : undefined;
    const page = Math.max(1, Number(params.page) || 1);
    const pageSize = Math.min(5000, Math.max(1, Number(params.page_size) || 100));
    const games = this.productGames(product)
      .filter(() => !gameType || gameType === 'all' || gameType === product.gameType)
      .map((game) => ({
        gameName: game.name,
        tcgGameCode: game.code,
        productCode: product.productCode,
        productType: String(product.productType),
        platform: 'all',
        gameType: product.gameType,
        gameSubType: game.subType,
        trialSupport: true,
        displayStatus: 1,
        showIcon: '',
      }));
    const total = games.length;
    return ok({
      games: games.slice((page - 1) * pageSize, page * pageSize),
      page_info: {
        current_page: page,
        page_size: pageSize,
        total_count: total,
        total_pages: Math.max(1, Math.ceil(total / pageSize)),
      },
    });
  }

  /** Opened numbers of a lottery game, newest first (simulator method; see README). */
  private drawResults(params: Record<string, unknown>): TcgAnswer {
    const product = this.product(params);
    if ('status' in product) return product;
    const game = this.options.lottery.games.find(
      (g) => g.code === params.game_code && g.productType === product.productType,
    );
    if (!game) return fail(TCG_STATUS.BAD_PARAMS, 'Unknown game_code');
    const page = Math.max(1, Number(params.page) || 1);
    const pageSize = Math.min(500, Math.max(1, Number(params.page_size) || 20));
    const { draws, total } = this.options.lottery.history(game.code, pageSize, (page - 1) * pageSize);
    return ok({
      game_code: game.code,
      draws: draws.map((draw) => ({ numero: draw.numero, draw_time: draw.drawnAt, numbers: draw.numbers.join(',') })),
      next_draw: this.options.lottery.current(game.code),
      page_info: {
        current_page: page,
        page_size: pageSize,
        total_count: total,
        total_pages: Math.max(1, Math.ceil(total / pageSize)),
      },
    });
  }

  /** A report time (`yyyy-MM-dd HH:mm:ss` in the report time zone) as epoch seconds; undefined when malformed. */
  private reportSeconds(value: unknown): number | undefined {
    const match = typeof value === 'string' ? REPORT_DATE.exec(value.trim()) : null;
    if (!match) return undefined;
    const [y = 0, mo = 0, d = 0, h = 0, mi = 0, se = 0] = match.slice(1).map(Number);
    const ms = Date.UTC(y, mo - 1, d, h, mi, se);
    if (new Date(ms).getUTCDate() !== d || h > 23 || mi > 59 || se > 59) return undefined;
    return Math.floor((ms - this.reportOffsetMs) / 1000);
  }

  private reportTime(iso: string): string {
    return new Date(Date.parse(iso) + this.reportOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
  }

  /**
   * `bdm` — bet details by merchant (the simulator's one report method for every product; see README): the bets of
   * one product whose latest change (settle time once settled or cancelled, bet time while unsettled) falls in
   * [start_date, end_date], both inclusive to the second, in the report time zone; oldest change first, paged.
   */
  private betDetails(params: Record<string, unknown>): TcgAnswer {
    const product = this.product(params);
    if ('status' in product) return product;
    const start = this.reportSeconds(params.start_date);
    const end = this.reportSeconds(params.end_date);
    if (start === undefined || end === undefined)
      return fail(TCG_STATUS.BAD_PARAMS, 'start_date and end_date are required as yyyy-MM-dd HH:mm:ss');
    if (end < start) return fail(TCG_STATUS.BAD_PARAMS, 'end_date is before start_date');
    if ((end - start) * 1000 > REPORT_MAX_RANGE_MS)
      return fail(TCG_STATUS.BAD_PARAMS, 'The date range may not exceed 7 days');
    const page = Math.max(1, Math.floor(Number(params.page)) || 1);
    const pageSize = Math.min(5000, Math.max(1, Math.floor(Number(params.page_size)) || 500));
    const changedAt = (bet: TcgBetRecord) => Math.floor(Date.parse(bet.settleTime ?? bet.betTime) / 1000);
    const matching = this.bets
      .filter((bet) => bet.productType === product.productType)
      .filter((bet) => changedAt(bet) >= start && changedAt(bet) <= end)
      .sort((a, b) => changedAt(a) - changedAt(b) || a.orderNo.localeCompare(b.orderNo));
    const total = matching.length;
    return ok({
      details: matching.slice((page - 1) * pageSize, page * pageSize).map((bet) => ({
        bet_order_no: bet.orderNo,
        username: bet.username,
        product_type: bet.productType,
        game_code: bet.gameCode,
        bet_amount: formatAmount(bet.amount),
        // The total return to the wallet, stake included; 0 for a lost bet. A cancelled bet's refunded stake is not
        // a win: it is reported as 0 with the CANCELLED status.
        win_amount: bet.status === 'SETTLED' ? formatAmount(bet.returned) : 0,
        net_pnl: bet.status === 'SETTLED' ? formatAmount(bet.returned - bet.amount) : 0,
        bet_status: bet.status,
        bet_time: this.reportTime(bet.betTime),
        settle_time: bet.settleTime ? this.reportTime(bet.settleTime) : null,
      })),
      page_info: {
        current_page: page,
        page_size: pageSize,
        total_count: total,
        total_pages: Math.max(1, Math.ceil(total / pageSize)),
      },
    });
  }

  products() {
    return TCG_PRODUCTS;
  }
}

function hashPassword(password: string): string {
  return createHash('sha256').update(password).digest('hex');
}
