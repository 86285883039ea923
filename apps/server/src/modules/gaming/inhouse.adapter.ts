import type { VendorFeed } from '../catalogue';
import type { LaunchRequest, VendorAdapter } from './gaming.adapter';
import { inhouseGameCodes } from './inhouse.fairness';
import { inhouseAggregator, inhouseVendorCode } from './inhouse.service';

const games: Record<(typeof inhouseGameCodes)[number], { en: string; bn: string; art: string }> = {
  BGS_DICE: { en: 'Fair Dice', bn: 'ফেয়ার ডাইস', art: 'dice' },
  BGS_LIMBO: { en: 'Limbo Rocket', bn: 'লিম্বো রকেট', art: 'limbo' },
};

/**
 * The in-house vendor as the catalogue and the launcher see it: one vendor (BGS, category INHOUSE, route /bgs) and
 * its games, fed through the same catalogue sync as the outside aggregators so that operators switch, sort and
 * mark them like any other game. Launching opens the portal's own game page in the game frame with a seamless
 * session token; the bets themselves go to `/inhouse/api/…` (inhouse.routes.ts).
 */
export function createInhouseAdapter(options: { publicUrl: string }): VendorAdapter {
  return {
    aggregator: inhouseAggregator,
    walletMode: 'seamless',
    async syncCatalogue(): Promise<VendorFeed> {
      return {
        aggregator: inhouseAggregator,
        walletMode: 'seamless',
        vendors: [
          {
            code: inhouseVendorCode,
            name: 'BGS Originals',
            category: 'INHOUSE',
            iconUrl: '/inhouse/bgs.svg',
            sortOrder: 0,
          },
        ],
        games: inhouseGameCodes.map((gameCode) => ({
          vendorCode: inhouseVendorCode,
          gameCode,
          gameType: 'INHOUSE' as const,
          name: games[gameCode].en,
          names: { en: games[gameCode].en, bn: games[gameCode].bn },
          // Relative paths: the catalogue puts the image CDN in front of them (spec section 9).
          showIcon: `/inhouse/${games[gameCode].art}.svg`,
          iconUrl: `/inhouse/${games[gameCode].art}.svg`,
          largeIcon: `/inhouse/${games[gameCode].art}.svg`,
          // Real money only: a free trial of a provably fair game would need a play-money wallet of its own.
          trialSupport: false,
          enabled: true,
        })),
      };
    },
    async launch(request: LaunchRequest): Promise<string> {
      const url = new URL(`/inhouse/${encodeURIComponent(request.target.game.gameCode)}`, options.publicUrl);
      if (request.token) url.searchParams.set('gameToken', request.token);
      url.searchParams.set('lang', request.language);
      return url.toString();
    },
  };
}
