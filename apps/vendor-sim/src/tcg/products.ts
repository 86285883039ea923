import type { LotteryGame } from '../games/lottery';

/**
 * TCG products the simulator offers. 2, 384 and 420 are the documented product types; ELOTT (386) is the
 * simulator's own number for the spec's ELOTT vendor (a real TCG merchant gets its numbers from TCG).
 * @see /work/shared/protocols/tcg-transfer.md section 6
 */
export type TcgProduct = {
  productType: number;
  productCode: string;
  gameType: 'LOTT' | 'ELOTT' | 'SPORTS' | 'ESPORTS';
  name: string;
};

export const TCG_PRODUCTS: TcgProduct[] = [
  { productType: 2, productCode: 'LOTT', gameType: 'LOTT', name: 'TCG Lottery' },
  { productType: 420, productCode: 'TCG_LOTTO_VN', gameType: 'LOTT', name: 'TCG Vietnam Lottery' },
  { productType: 384, productCode: 'TCG_SEA', gameType: 'ELOTT', name: 'TCG SEA Lottery' },
  { productType: 386, productCode: 'ELOTT', gameType: 'ELOTT', name: 'TCG E-Lottery' },
  // Books: the simulator's own product numbers (a real merchant gets them from TCG's product table).
  { productType: 1001, productCode: 'SBT', gameType: 'SPORTS', name: 'SBT Sportsbook' },
  { productType: 1002, productCode: 'IBC', gameType: 'SPORTS', name: 'IBC Sports' },
  { productType: 1101, productCode: 'AV', gameType: 'ESPORTS', name: 'AV E-Sports' },
  { productType: 1102, productCode: 'IMES', gameType: 'ESPORTS', name: 'IM E-Sports' },
  { productType: 1103, productCode: 'TF', gameType: 'ESPORTS', name: 'TF Gaming E-Sports' },
];

export const isLotteryProduct = (product: TcgProduct): boolean =>
  product.gameType === 'LOTT' || product.gameType === 'ELOTT';

/** The one game (the book's lobby) of a sports or e-sports product. */
export const bookGameCode = (product: TcgProduct): string => `${product.productCode}_BOOK`;

export const productByType = (productType: number): TcgProduct | undefined =>
  TCG_PRODUCTS.find((product) => product.productType === productType);

const MINUTE = 60_000;

/** The lottery games of each product, with their draw interval. */
export function lotteryGames(intervalScale = 1): LotteryGame[] {
  const game = (code: string, name: string, productType: number, minutes: number): LotteryGame => ({
    code,
    name,
    productType,
    intervalMs: Math.max(1000, Math.round(minutes * MINUTE * intervalScale)),
  });
  return [
    game('SSC1', 'Super SSC 1 Minute', 2, 1),
    game('SSC5', 'Super SSC 5 Minutes', 2, 5),
    game('VNFAST1', 'Vietnam Fast 1 Minute', 420, 1),
    game('VNFAST3', 'Vietnam Fast 3 Minutes', 420, 3),
    game('VNFAST5', 'Vietnam Fast 5 Minutes', 420, 5),
    game('SEA4D2', 'SEA Lucky 2 Minutes', 384, 2),
    game('SEA4D5', 'SEA Lucky 5 Minutes', 384, 5),
    game('ELOTT1', 'E-Lottery 1 Minute', 386, 1),
    game('ELOTT3', 'E-Lottery 3 Minutes', 386, 3),
  ];
}
