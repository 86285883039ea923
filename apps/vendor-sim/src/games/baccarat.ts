import { type Rng, secureRng } from '../rng';
import type { TableRules } from './timed-table';

/*
 * Punto banco as dealt in live casinos: 8-deck shoe, two cards each, naturals (8/9) stand, the player draws on
 * 0–5, the banker's third card follows the tableau on the player's third card. Player pays 1:1, banker 0.95:1
 * (5% commission), tie 8:1; player and banker bets are returned on a tie.
 */
export type Card = { rank: number; suit: number };
export type Side = 'PLAYER' | 'BANKER' | 'TIE';
export const SIDES: Side[] = ['PLAYER', 'BANKER', 'TIE'];

export const cardValue = (card: Card): number => (card.rank >= 10 ? 0 : card.rank);
export const handTotal = (cards: Card[]): number => cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;

/** The banker's drawing rule. `playerThird` is undefined when the player stood on two cards. */
export function bankerDraws(bankerTotal: number, playerThird: Card | undefined): boolean {
  if (playerThird === undefined) return bankerTotal <= 5;
  const p = cardValue(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p !== 8;
    case 4:
      return p >= 2 && p <= 7;
    case 5:
      return p >= 4 && p <= 7;
    case 6:
      return p === 6 || p === 7;
    default:
      return false;
  }
}

export type Coup = {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: Side;
  natural: boolean;
};

/** Deals one coup from `next` in casino order: player, banker, player, banker, then third cards. */
export function dealCoup(next: () => Card): Coup {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let playerThird: Card | undefined;
    if (handTotal(player) <= 5) {
      playerThird = next();
      player.push(playerThird);
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(next());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  const winner: Side = playerTotal > bankerTotal ? 'PLAYER' : bankerTotal > playerTotal ? 'BANKER' : 'TIE';
  return { player, banker, playerTotal, bankerTotal, winner, natural };
}

/** What a bet returns (stake included) in hundredths of the stake. */
export function betReturnHundredths(side: Side, winner: Side): number {
  if (side === winner) return side === 'PLAYER' ? 200 : side === 'BANKER' ? 195 : 900;
  if (winner === 'TIE') return 100;
  return 0;
}

/** An 8-deck shoe shuffled with the CSPRNG; reshuffled when fewer than 16 cards remain (the cut card). */
export class Shoe {
  private cards: Card[] = [];
  constructor(private readonly rng: Rng = secureRng) {
    this.shuffle();
  }
  shuffle(): void {
    const cards: Card[] = [];
    for (let deck = 0; deck < 8; deck += 1)
      for (let suit = 0; suit < 4; suit += 1) for (let rank = 1; rank <= 13; rank += 1) cards.push({ rank, suit });
    for (let i = cards.length - 1; i > 0; i -= 1) {
      const j = this.rng.int(i + 1);
      [cards[i], cards[j]] = [cards[j] as Card, cards[i] as Card];
    }
    this.cards = cards;
  }
  get remaining(): number {
    return this.cards.length;
  }
  draw = (): Card => {
    const card = this.cards.pop();
    if (!card) throw new Error('shoe is empty');
    return card;
  };
}

/** Baccarat on a shared table: one 8-deck shoe per table, reshuffled at the cut card. */
export function baccaratRules(): TableRules<Coup> {
  const shoe = new Shoe();
  return {
    kind: 'baccarat',
    sides: SIDES,
    minBetUnits: 100_000,
    maxBetUnits: 5000 * 100_000,
    draw: () => {
      if (shoe.remaining < 16) shoe.shuffle();
      return dealCoup(shoe.draw);
    },
    returnHundredths: (side, coup) => betReturnHundredths(side as Side, coup.winner),
    meta: (coup) => ({ player: coup.playerTotal, banker: coup.bankerTotal }),
  };
}
