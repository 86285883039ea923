import { createHmac } from 'node:crypto';
import type { GameCategory } from '@portal/contract';
import { AppError } from '../../platform/http/app-error';
import type { FeedGame, FeedVendor, VendorFeed } from '../catalogue';
import type {
  LaunchRequest,
  TransferOutcome,
  TransferVendorAdapter,
  VendorBetPage,
  VendorBetRecord,
} from './gaming.adapter';
import { decimalToMinor, minorToDecimal } from './gaming.amounts';
import { encryptTcgParams, signTcgParams } from './tcg.crypto';

export const tcgAggregator = 'tcg';

/** A TCG product (its own sub-wallet per player) and the portal vendor it becomes. */
export type TcgProduct = { productType: number; code: string; name: string; category: GameCategory };

/**
 * The products synced when TCG_PRODUCTS is not set: the lottery products of the summary's product table, under the
 * vendor codes the spec routes to its lottery pages (TCG_LOTTO_VN, TCG_SEA, LOTT, ELOTT).
 */
export const defaultTcgProducts: TcgProduct[] = [
  { productType: 2, code: 'LOTT', name: 'TCG Lottery', category: 'LOTT' },
  { productType: 384, code: 'TCG_SEA', name: 'TCG SEA Lottery', category: 'ELOTT' },
  { productType: 386, code: 'ELOTT', name: 'TCG E-Lottery', category: 'ELOTT' },
  { productType: 420, code: 'TCG_LOTTO_VN', name: 'TCG Vietnam Lottery', category: 'LOTT' },
];

export type TcgClientOptions = {
  /** The merchant endpoint (TCG_API_URL); calls go to `<url>/doBusiness.do` unless the URL already names it. */
  apiUrl: string;
  merchantCode: string;
  desKey: string;
  signKey: string;
  /** Our merchant code: the prefix of every player name at TCG. */
  sitePrefix: string;
  /** The merchant currency and its minor-unit scale. */
  currency(): Promise<{ code: string; scale: number }>;
  timeoutMs: number;
  products?: TcgProduct[];
  /**
   * The time zone of TCG's reports (dates sent and read by `bdm`), minutes east of UTC; agreed with TCG. Default 480
   * (GMT+8), the simulator's.
   */
  reportUtcOffsetMinutes?: number;
  fetch?: typeof fetch;
};

/** The bet-details report method asked for every product (see docs/vendors.md: the name and shape are our reading). */
export const tcgBetDetailsMethod = 'bdm';
/** Rows per report page; TCG allows up to 5000. */
const reportPageSize = 1000;

type TcgAnswer = Record<string, unknown> & { status?: unknown; error_desc?: unknown };

/** Not a definite answer: the transfer's fate must be read with `cs` before anything else happens. */
class Ambiguous extends Error {
  constructor(readonly detail: Record<string, unknown>) {
    super('ambiguous');
  }
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The TCG Common API (transfer wallet): `cm` registers the player, `ft` moves money in (fund_type 1) or out (2)
 * under our unique reference, `ftoa` sweeps everything out, `cs` reads a transfer's status, `gb` the balance, `lg`
 * launches, `tgl` lists games. Every call is one form POST of merchant_code, DES-encrypted params and their sign.
 * @see /work/shared/protocols/tcg-transfer.md
 */
export function createTcgAdapter(options: TcgClientOptions): TransferVendorAdapter {
  const doFetch = options.fetch ?? fetch;
  const url = /doBusiness\.do$/.test(options.apiUrl)
    ? options.apiUrl
    : `${options.apiUrl.replace(/\/+$/, '')}/doBusiness.do`;
  const products = options.products ?? defaultTcgProducts;
  const byCode = new Map(products.map((product) => [product.code, product]));

  function product(vendorCode: string): TcgProduct {
    const found = byCode.get(vendorCode);
    if (!found) throw new AppError('CATALOGUE_VENDOR_NOT_FOUND', { vassalage: vendorCode });
    return found;
  }

  /** The player's name at TCG: the site prefix and the account id, short lowercase alphanumerics. */
  function username(accountId: number | null): string {
    return accountId === null ? `${prefix}guest` : `${prefix}${accountId}`;
  }

  const prefix = options.sitePrefix
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8);

  /** The account behind a player name at TCG, when the name is ours (our prefix and an account id), else null. */
  function accountIdOf(name: string): number | null {
    const lower = name.trim().toLowerCase();
    if (!lower.startsWith(prefix)) return null;
    const rest = lower.slice(prefix.length);
    return /^[1-9]\d{0,9}$/.test(rest) && Number(rest) <= 2_147_483_647 ? Number(rest) : null;
  }

  const reportOffsetMs = (options.reportUtcOffsetMinutes ?? 480) * 60_000;

  /** An instant as a report date: `yyyy-MM-dd HH:mm:ss` in the report time zone. */
  function reportDate(at: Date): string {
    return new Date(at.getTime() + reportOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
  }

  /** A report time back to an instant: a local `yyyy-MM-dd HH:mm:ss` in the report zone, or ISO with a zone. */
  function reportInstant(value: unknown): Date | null {
    const text = str(value);
    if (!text) return null;
    const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(text);
    if (local) {
      const [y = 0, mo = 0, d = 0, h = 0, mi = 0, se = 0] = local.slice(1).map(Number);
      const ms = Date.UTC(y, mo - 1, d, h, mi, se) - reportOffsetMs;
      return Number.isNaN(ms) ? null : new Date(ms);
    }
    const ms = /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? Date.parse(text) : Number.NaN;
    return Number.isNaN(ms) ? null : new Date(ms);
  }

  /** A stable password we never show: TCG requires one, players never log in there directly. */
  function password(accountId: number | null): string {
    return createHmac('sha256', options.signKey)
      .update(`tcg-player:${accountId ?? 'guest'}`)
      .digest('hex')
      .slice(0, 16);
  }

  /**
   * One Common API call. Money calls see a transport failure, a non-JSON answer or a 5xx as ambiguous; other
   * calls see them as the vendor being unavailable.
   */
  async function call(params: Record<string, unknown>, money: boolean): Promise<TcgAnswer> {
    const encrypted = encryptTcgParams(JSON.stringify(params), options.desKey);
    const form = new URLSearchParams({
      merchant_code: options.merchantCode,
      params: encrypted,
      sign: signTcgParams(encrypted, options.signKey),
    });
    const unavailable = (detail: Record<string, unknown>) =>
      money
        ? new Ambiguous(detail)
        : new AppError('GAMING_VENDOR_UNAVAILABLE', { aggregator: tcgAggregator, method: params.method, ...detail });
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: form.toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw unavailable({ reason: error instanceof Error ? error.name : 'network' });
    }
    if (response.status >= 500) throw unavailable({ httpStatus: response.status });
    const answer = (await response.json().catch(() => null)) as TcgAnswer | null;
    if (!answer || typeof answer !== 'object') throw unavailable({ reason: 'not JSON' });
    return answer;
  }

  const statusOf = (answer: TcgAnswer) => (typeof answer.status === 'number' ? answer.status : Number(answer.status));
  const detailOf = (answer: TcgAnswer) => ({
    status: answer.status ?? null,
    transaction_status: answer.transaction_status ?? null,
    error_desc: str(answer.error_desc),
  });

  /** The definite failure of a non-money call. */
  function requireOk(answer: TcgAnswer, method: string): TcgAnswer {
    if (statusOf(answer) !== 0) {
      throw new AppError('GAMING_VENDOR_UNAVAILABLE', {
        aggregator: tcgAggregator,
        method,
        status: answer.status ?? null,
        reason: str(answer.error_desc),
      });
    }
    return answer;
  }

  /** Reads an `ft`/`ftoa` answer: success, a definite failure, or ambiguous (see the summary's section 5). */
  function transferOutcome(answer: TcgAnswer): TransferOutcome {
    const status = statusOf(answer);
    const state = str(answer.transaction_status)?.toUpperCase() ?? null;
    const detail = detailOf(answer);
    if (status === 0 && state === 'SUCCESS') return { kind: 'success', detail };
    if (state === 'PENDING' || state === 'UNKNOWN') return { kind: 'ambiguous', detail };
    // Status 0 without a transaction status, or 12 (reference already used): not definite, ask `cs`.
    if (status === 0 || status === 12 || Number.isNaN(status)) return { kind: 'ambiguous', detail };
    return { kind: 'failed', detail };
  }

  function money(value: unknown, scale: number): bigint | null {
    const textValue = typeof value === 'number' ? String(value) : str(value);
    if (!textValue) return null;
    const match = /^-?\d+(\.\d+)?$/.exec(textValue);
    if (!match) return null;
    const negative = textValue.startsWith('-');
    const unsigned = negative ? textValue.slice(1) : textValue;
    const [whole = '0', fraction = ''] = unsigned.split('.');
    // Lottery products may answer with 4 decimals: keep what our scale holds (never more than the vendor has).
    const minor = decimalToMinor(`${whole}.${fraction.slice(0, scale) || '0'}`, scale);
    return minor === null ? null : negative ? -minor : minor;
  }

  async function listProductGames(item: TcgProduct): Promise<FeedGame[]> {
    const games: FeedGame[] = [];
    const pageSize = 500;
    for (let page = 1; page <= 200; page += 1) {
      const answer = requireOk(
        await call(
          {
            method: 'tgl',
            product_type: item.productType,
            platform: 'all',
            client_type: 'all',
            game_type: item.category,
            language: 'EN',
            page,
            page_size: pageSize,
          },
          false,
        ),
        'tgl',
      );
      const list = Array.isArray(answer.games) ? (answer.games as Record<string, unknown>[]) : [];
      for (const game of list) {
        const gameCode = str(game.tcgGameCode);
        const name = str(game.gameName);
        if (!gameCode || !name) continue;
        const type = str(game.gameType)?.toUpperCase();
        games.push({
          vendorCode: item.code,
          gameCode,
          gameType: (type &&
          ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'].includes(type)
            ? type
            : item.category) as GameCategory,
          name,
          showIcon: str(game.showIcon),
          iconUrl: str(game.showIcon),
          largeIcon: null,
          trialSupport: game.trialSupport === true || game.trialSupport === 'true',
          enabled:
            game.displayStatus === undefined ||
            game.displayStatus === 1 ||
            game.displayStatus === '1' ||
            game.displayStatus === true,
          meta: { productType: item.productType, gameSubType: str(game.gameSubType) },
        });
      }
      if (list.length < pageSize) break;
    }
    if (games.length === 0) {
      // `tgl` lists no games for some products (the lottery ones): the product's lobby is its one entry.
      games.push({
        vendorCode: item.code,
        gameCode: 'Lobby',
        gameType: item.category,
        isLobby: true,
        name: item.name,
        showIcon: null,
        iconUrl: null,
        largeIcon: null,
        trialSupport: false,
        enabled: true,
        meta: { productType: item.productType },
      });
    }
    return games;
  }

  const betStatuses: Record<string, VendorBetRecord['status']> = {
    SETTLED: 'settled',
    SETTLE: 'settled',
    CANCELLED: 'cancelled',
    CANCELED: 'cancelled',
    CANCEL: 'cancelled',
    VOID: 'cancelled',
    UNSETTLED: 'unsettled',
    UNSETTLE: 'unsettled',
    PENDING: 'unsettled',
    OPEN: 'unsettled',
  };

  /** One report row, read leniently (snake_case as the simulator answers, camelCase as some TCG reports do). */
  function betRecord(row: Record<string, unknown>, scale: number): VendorBetRecord | null {
    const pick = (...keys: string[]) =>
      keys.map((key) => row[key]).find((value) => value !== undefined && value !== null);
    const betId = str(String(pick('bet_order_no', 'betOrderNo', 'order_no', 'orderNo', 'bet_id', 'betId') ?? ''));
    const name = str(pick('username', 'userName', 'member', 'account'));
    const gameCode = str(pick('game_code', 'gameCode', 'tcgGameCode'));
    const stake = money(pick('bet_amount', 'betAmount'), scale);
    const win = money(pick('win_amount', 'winAmount', 'payout_amount', 'payoutAmount') ?? 0, scale);
    const status =
      betStatuses[String(pick('bet_status', 'betStatus', 'settle_status', 'settleStatus') ?? '').toUpperCase()];
    const betAt = reportInstant(pick('bet_time', 'betTime'));
    const settledAt = reportInstant(pick('settle_time', 'settleTime'));
    if (!betId || betId.length > 100 || !name || !gameCode || stake === null || stake < 0n) return null;
    if (win === null || win < 0n || !status || !betAt) return null;
    return {
      betId,
      accountId: accountIdOf(name),
      username: name,
      gameCode: gameCode.slice(0, 100),
      stakeMinor: stake,
      winMinor: win,
      status,
      betAt,
      settledAt: status === 'unsettled' ? null : (settledAt ?? betAt),
    };
  }

  async function moneyCall(params: Record<string, unknown>): Promise<TransferOutcome> {
    try {
      return transferOutcome(await call(params, true));
    } catch (error) {
      if (error instanceof Ambiguous) return { kind: 'ambiguous', detail: error.detail };
      throw error;
    }
  }

  return {
    aggregator: tcgAggregator,
    walletMode: 'transfer',

    hasVendor: (vendorCode) => byCode.has(vendorCode),

    async syncCatalogue(): Promise<VendorFeed> {
      const vendors: FeedVendor[] = [];
      const games: FeedGame[] = [];
      for (const [index, item] of products.entries()) {
        vendors.push({
          code: item.code,
          name: item.name,
          category: item.category,
          iconUrl: null,
          sortOrder: 500 + index,
          meta: { productType: item.productType },
        });
        games.push(...(await listProductGames(item)));
      }
      return { aggregator: tcgAggregator, walletMode: 'transfer', vendors, games };
    },

    async ensurePlayer(accountId, _vendorCode, currency) {
      requireOk(
        await call({ method: 'cm', username: username(accountId), password: password(accountId), currency }, false),
        'cm',
      );
    },

    async launch(request: LaunchRequest): Promise<string> {
      const item = product(request.target.game.vassalage);
      const lottery = item.category === 'LOTT' || item.category === 'ELOTT';
      if (request.accountId === null) {
        await call(
          { method: 'cm', username: username(null), password: password(null), currency: request.currency },
          false,
        );
      }
      const answer = requireOk(
        await call(
          {
            method: 'lg',
            username: username(request.mode === 'real' ? request.accountId : null),
            product_type: item.productType,
            game_mode: request.mode === 'real' ? 1 : 0,
            game_code: request.target.game.gameCode,
            platform: request.platform === 'html5' ? 'html5' : 'html5-desktop',
            ip_address: request.ip,
            language: request.language.toUpperCase() === 'BN' ? 'EN' : request.language.toUpperCase(),
            back_url: request.lobbyUrl,
            ...(lottery
              ? {
                  view: request.lottoView === 'betting' ? 'Betting' : 'Lobby',
                  // Required for the lottery products. The prize series values are the summary's example: the
                  // real ones are agreed with TCG per merchant (docs/vendors.md).
                  series: [
                    {
                      game_group_code:
                        typeof request.target.meta.gameSubType === 'string' ? request.target.meta.gameSubType : 'SSC',
                      prize_mode_id: 1,
                      max_series: 1980,
                      min_series: 1700,
                      max_bet_series: 1980,
                      default_series: 1700,
                    },
                  ],
                }
              : {}),
          },
          false,
        ),
        'lg',
      );
      const path = str(answer.game_url);
      if (!path) throw new AppError('GAMING_VENDOR_UNAVAILABLE', { aggregator: tcgAggregator, method: 'lg' });
      // `game_url` may be a path on TCG's game domain: resolved against the API's origin.
      return new URL(path, url).toString();
    },

    async transfer(input) {
      const item = product(input.vendorCode);
      return moneyCall({
        method: 'ft',
        username: username(input.accountId),
        product_type: item.productType,
        fund_type: input.direction === 'in' ? 1 : 2,
        amount: minorToDecimal(input.amountMinor, (await options.currency()).scale),
        reference_no: input.reference,
      });
    },

    async transferAllOut(input) {
      const item = product(input.vendorCode);
      const outcome = await moneyCall({
        method: 'ftoa',
        username: username(input.accountId),
        product_type: item.productType,
        reference_no: input.reference,
      });
      if (outcome.kind !== 'success') return outcome;
      // The `ftoa` answer may not say how much moved: the status check's transaction details do.
      const checked = await this.checkTransfer({ vendorCode: input.vendorCode, reference: input.reference });
      return checked.kind === 'success' ? checked : { kind: 'ambiguous', detail: checked.detail };
    },

    async checkTransfer(input) {
      const item = product(input.vendorCode);
      let answer: TcgAnswer;
      try {
        answer = await call({ method: 'cs', product_type: item.productType, ref_no: input.reference }, true);
      } catch (error) {
        if (error instanceof Ambiguous) return { kind: 'ambiguous', detail: error.detail };
        throw error;
      }
      const state = str(answer.transaction_status)?.toUpperCase() ?? null;
      const details = (answer.transaction_details ?? {}) as Record<string, unknown>;
      const amount = money(details.amount, (await options.currency()).scale);
      const detail = { ...detailOf(answer), amount: details.amount ?? null };
      if (statusOf(answer) === 0 && state === 'SUCCESS') {
        return { kind: 'success', ...(amount !== null ? { amountMinor: amount < 0n ? -amount : amount } : {}), detail };
      }
      if (state === 'FAILED') return { kind: 'failed', detail };
      if (state === 'NOT FOUND' || state === 'NOT_FOUND') return { kind: 'ambiguous', notFound: true, detail };
      return { kind: 'ambiguous', detail };
    },

    async openedNumbers(input) {
      const item = product(input.vendorCode);
      // `gldr` is named by the summary among the lottery report calls without a schema; the shape read here is
      // the simulator's (draws of {numero, draw_time, numbers "1,2,3"}, next_draw {drawAt}), read leniently.
      const answer = requireOk(
        await call(
          {
            method: 'gldr',
            product_type: item.productType,
            game_code: input.gameCode,
            page: 1,
            page_size: input.limit,
          },
          false,
        ),
        'gldr',
      );
      const draws = Array.isArray(answer.draws) ? (answer.draws as Record<string, unknown>[]) : [];
      const next = (answer.next_draw ?? null) as Record<string, unknown> | null;
      return {
        draws: draws.map((draw) => ({
          numero: String(draw.numero ?? ''),
          numbers: String(draw.numbers ?? '')
            .split(',')
            .map((value) => value.trim())
            .filter(Boolean),
          openedAt: str(draw.draw_time) ?? '',
        })),
        nextDrawAt: next && typeof next.drawAt === 'string' ? next.drawAt : null,
      };
    },

    async betRecords(input): Promise<VendorBetPage> {
      const item = product(input.vendorCode);
      const answer = requireOk(
        await call(
          {
            method: tcgBetDetailsMethod,
            product_type: item.productType,
            start_date: reportDate(input.from),
            end_date: reportDate(input.to),
            page: input.page,
            page_size: reportPageSize,
          },
          false,
        ),
        tcgBetDetailsMethod,
      );
      const { scale } = await options.currency();
      const rows = Array.isArray(answer.details) ? (answer.details as unknown[]) : [];
      const records: VendorBetRecord[] = [];
      let invalid = 0;
      for (const row of rows) {
        const record = row && typeof row === 'object' ? betRecord(row as Record<string, unknown>, scale) : null;
        if (record) records.push(record);
        else invalid += 1;
      }
      const info = (answer.page_info ?? {}) as Record<string, unknown>;
      const totalPages = Number(info.total_pages ?? info.totalPages);
      return {
        records,
        page: input.page,
        // Without page_info, a short page is the last one.
        totalPages:
          Number.isInteger(totalPages) && totalPages > 0
            ? totalPages
            : rows.length < reportPageSize
              ? input.page
              : input.page + 1,
        invalid,
      };
    },

    async balance(input) {
      const item = product(input.vendorCode);
      const answer = requireOk(
        await call({ method: 'gb', username: username(input.accountId), product_type: item.productType }, false),
        'gb',
      );
      return money(answer.balance, (await options.currency()).scale) ?? 0n;
    },
  };
}
