import type { GameCategory } from '@portal/contract';
import { AppError } from '../../platform/http/app-error';
import type { FeedGame, FeedVendor, VendorFeed } from '../catalogue';
import type { LaunchRequest, VendorAdapter } from './gaming.adapter';
import { hub88SignatureHeader, signHub88Body } from './hub88.signature';
import { hub88Aggregator, hub88UserOf } from './hub88.wallet';

export type Hub88ClientOptions = {
  /** Base URL under which /operator/generic/v2/… lives (HUB88_API_URL). */
  apiUrl: string;
  operatorId: string;
  /** The operator private key (PEM): every Games API call is signed with it. */
  privateKeyPem: string;
  timeoutMs: number;
  /** game/list allows 1 request per minute (HTTP 429 beyond): calls closer together are refused here. */
  listIntervalMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

type Hub88Game = {
  game_code?: unknown;
  name?: unknown;
  product?: unknown;
  category?: unknown;
  enabled?: unknown;
  demo_game_support?: unknown;
  url_thumb?: unknown;
  url_background?: unknown;
  release_date?: unknown;
  platforms?: unknown;
};

/** Hub88 categories (free text in the feed) to the portal's game categories. */
export function hub88Category(category: string): GameCategory {
  const text = category.toLowerCase();
  if (/e-?sport/.test(text)) return 'ESPORTS';
  if (/cock|sabong/.test(text)) return 'COCKFIGHT';
  if (/live/.test(text)) return 'LIVE';
  if (/fish|shoot/.test(text)) return 'FISH';
  if (/sport/.test(text)) return 'SPORTS';
  if (/lott|keno|bingo|lotto/.test(text)) return 'LOTT';
  if (/table|card|poker|pvp|baccarat|blackjack|roulette/.test(text)) return 'PVP';
  return 'RNG';
}

/** A vendor code from Hub88's product name ("Pragmatic Play" → PRAGMATIC_PLAY); short codes stay as they are. */
export function hub88VendorCode(product: string): string {
  return (
    product
      .trim()
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'HUB88'
  );
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The Hub88 Games API (operator → Hub88), signed with the operator key: game/list feeds the catalogue, game/url
 * launches, game/round shows a round's details.
 * @see /work/shared/protocols/hub88-wallet.md section 8
 */
export function createHub88Adapter(options: Hub88ClientOptions): VendorAdapter & {
  roundDetailsUrl(input: { accountId: number; transactionUuid: string; round: string }): Promise<string>;
} {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const listIntervalMs = options.listIntervalMs ?? 60_000;
  const base = options.apiUrl.replace(/\/+$/, '');
  const operatorId = /^\d+$/.test(options.operatorId) ? Number(options.operatorId) : options.operatorId;
  let lastListAt = Number.NEGATIVE_INFINITY;

  async function call(path: string, payload: Record<string, unknown>): Promise<unknown> {
    const body = JSON.stringify({ ...payload, operator_id: operatorId });
    let response: Response;
    try {
      response = await doFetch(`${base}/operator/generic/v2/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [hub88SignatureHeader]: signHub88Body(body, options.privateKeyPem),
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      // A refused connection is the one failure known not to have reached Hub88 (a timeout may have).
      const refused = (error as { cause?: { code?: unknown } } | null)?.cause?.code === 'ECONNREFUSED';
      throw new AppError('GAMING_VENDOR_UNAVAILABLE', {
        aggregator: hub88Aggregator,
        path,
        reason: refused ? 'ECONNREFUSED' : error instanceof Error ? error.name : 'network',
      });
    }
    const answer = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) {
      const reason = (answer as { error?: unknown } | null)?.error;
      throw new AppError('GAMING_VENDOR_UNAVAILABLE', {
        aggregator: hub88Aggregator,
        path,
        httpStatus: response.status,
        reason: typeof reason === 'string' ? reason.slice(0, 200) : null,
      });
    }
    return answer;
  }

  return {
    aggregator: hub88Aggregator,
    walletMode: 'seamless',

    async syncCatalogue(): Promise<VendorFeed> {
      const wait = lastListAt + listIntervalMs - now();
      if (wait > 0) {
        throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(wait / 1000), aggregator: hub88Aggregator });
      }
      const previousListAt = lastListAt;
      lastListAt = now();
      let answer: unknown;
      try {
        answer = await call('game/list', {});
      } catch (error) {
        // Not sent (Hub88 not listening yet, as when it starts beside the portal): it used none of the minute.
        if (error instanceof AppError && error.params.reason === 'ECONNREFUSED') lastListAt = previousListAt;
        throw error;
      }
      const list = Array.isArray(answer) ? (answer as Hub88Game[]) : [];
      const vendors = new Map<string, FeedVendor>();
      const games: FeedGame[] = [];
      for (const item of list) {
        const gameCode = text(item.game_code);
        const name = text(item.name);
        if (!gameCode || !name) continue;
        const product = text(item.product) ?? 'Hub88';
        const vendorCode = hub88VendorCode(product);
        const category = hub88Category(text(item.category) ?? '');
        if (!vendors.has(vendorCode)) {
          vendors.set(vendorCode, {
            code: vendorCode,
            name: product,
            category,
            iconUrl: null,
            sortOrder: 100 + vendors.size,
            meta: { product },
          });
        }
        const released = text(item.release_date);
        const releasedAt = released && !Number.isNaN(Date.parse(released)) ? new Date(released) : null;
        games.push({
          vendorCode,
          gameCode,
          gameType: category,
          name,
          showIcon: text(item.url_thumb),
          iconUrl: text(item.url_thumb),
          largeIcon: text(item.url_background),
          trialSupport: item.demo_game_support === true,
          enabled: item.enabled !== false,
          releasedAt,
          meta: { category: text(item.category), platforms: Array.isArray(item.platforms) ? item.platforms : [] },
        });
      }
      return { aggregator: hub88Aggregator, walletMode: 'seamless', vendors: [...vendors.values()], games };
    },

    async launch(request: LaunchRequest): Promise<string> {
      const real = request.mode === 'real' && request.accountId !== null && request.token !== null;
      const answer = (await call('game/url', {
        ...(real ? { user: hub88UserOf(request.accountId as number), token: request.token } : {}),
        platform: request.platform === 'html5' ? 'GPL_MOBILE' : 'GPL_DESKTOP',
        currency: request.currency,
        country: 'XX',
        lang: request.language,
        lobby_url: request.lobbyUrl,
        ip: request.ip,
        game_code: request.target.game.gameCode,
        meta: {},
      })) as { url?: unknown } | null;
      const url = text(answer?.url);
      if (!url) throw new AppError('GAMING_VENDOR_UNAVAILABLE', { aggregator: hub88Aggregator, path: 'game/url' });
      return url;
    },

    async roundDetailsUrl(input): Promise<string> {
      const answer = (await call('game/round', {
        user: hub88UserOf(input.accountId),
        transaction_uuid: input.transactionUuid,
        round: input.round,
      })) as { url?: unknown } | null;
      const url = text(answer?.url);
      if (!url) throw new AppError('GAMING_VENDOR_UNAVAILABLE', { aggregator: hub88Aggregator, path: 'game/round' });
      return url;
    },
  };
}
