import type { Hub88Session, RoundRecord, SessionStore } from '../hub88/sessions';
import type { Hub88WalletClient, SettleResult } from '../hub88/wallet-client';
import { type Rng, secureRng, uuid } from '../rng';
import type { Card } from './baccarat';
import { payout } from './payout';
import { callerOf } from './slot-play';

/*
 * Blackjack against the dealer: 6 decks shuffled for every hand with the CSPRNG, the dealer peeks for blackjack and
 * stands on all 17s (soft 17 too), blackjack pays 3:2, a win 1:1, a push returns the stake; the player may double
 * on the first two cards (one more card). No split, no insurance, no surrender.
 */
export const BLACKJACK_STAKES = [1, 5, 10, 25, 50, 100, 500].map((major) => major * 100_000);

export function handValue(cards: Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    if (card.rank === 1) aces += 1;
    total += card.rank === 1 ? 1 : Math.min(card.rank, 10);
  }
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

export const isBlackjack = (cards: Card[]): boolean => cards.length === 2 && handValue(cards).total === 21;

/** The dealer draws below 17 and stands on every 17, soft or hard. */
export function dealerPlays(dealer: Card[], draw: () => Card): Card[] {
  const hand = [...dealer];
  while (handValue(hand).total < 17) hand.push(draw());
  return hand;
}

export type Outcome = 'blackjack' | 'win' | 'push' | 'lose';

/** What the player's hand earns against the dealer's final hand, and its return (stake included) in hundredths. */
export function settleHand(player: Card[], dealer: Card[]): { outcome: Outcome; returnHundredths: number } {
  const p = handValue(player).total;
  const d = handValue(dealer).total;
  if (isBlackjack(player))
    return isBlackjack(dealer)
      ? { outcome: 'push', returnHundredths: 100 }
      : { outcome: 'blackjack', returnHundredths: 250 };
  if (isBlackjack(dealer) || p > 21) return { outcome: 'lose', returnHundredths: 0 };
  if (d > 21 || p > d) return { outcome: 'win', returnHundredths: 200 };
  if (p === d) return { outcome: 'push', returnHundredths: 100 };
  return { outcome: 'lose', returnHundredths: 0 };
}

class Deck {
  private cards: Card[] = [];
  constructor(rng: Rng) {
    for (let deck = 0; deck < 6; deck += 1)
      for (let suit = 0; suit < 4; suit += 1) for (let rank = 1; rank <= 13; rank += 1) this.cards.push({ rank, suit });
    for (let i = this.cards.length - 1; i > 0; i -= 1) {
      const j = rng.int(i + 1);
      [this.cards[i], this.cards[j]] = [this.cards[j] as Card, this.cards[i] as Card];
    }
  }
  draw = (): Card => this.cards.pop() as Card;
}

type Hand = {
  round: string;
  deck: Deck;
  player: Card[];
  dealer: Card[];
  bets: Array<{ transactionUuid: string; amount: number }>;
  finished: boolean;
  outcome?: Outcome;
  win?: number;
};

export class BlackjackError extends Error {}

export type HandView = {
  round: string;
  player: Card[];
  playerTotal: number;
  /** The dealer's hole card stays hidden (null) until the hand is over. */
  dealer: Array<Card | null>;
  dealerTotal: number | null;
  stake: number;
  finished: boolean;
  canDouble: boolean;
  outcome?: Outcome;
  win?: number;
  balance?: number;
  status?: string;
};

export class BlackjackPlay {
  private readonly hands = new Map<string, Hand>();

  constructor(private readonly deps: { wallet: Hub88WalletClient; sessions: SessionStore; rng?: Rng }) {}

  view(session: Hub88Session, balance?: number): HandView | null {
    const hand = this.hands.get(session.id);
    if (!hand) return null;
    return {
      round: hand.round,
      player: hand.player,
      playerTotal: handValue(hand.player).total,
      dealer: hand.finished ? hand.dealer : [hand.dealer[0] as Card, null],
      dealerTotal: hand.finished ? handValue(hand.dealer).total : null,
      stake: hand.bets.reduce((sum, bet) => sum + bet.amount, 0),
      finished: hand.finished,
      canDouble: !hand.finished && hand.player.length === 2,
      ...(hand.outcome ? { outcome: hand.outcome, win: hand.win } : {}),
      ...(balance === undefined ? {} : { balance }),
    };
  }

  async deal(session: Hub88Session, stake: number): Promise<HandView> {
    if (session.game.kind !== 'blackjack') throw new BlackjackError('not a blackjack table');
    if (!session.user || !session.token) throw new BlackjackError('Free play is not available at this table');
    if (!BLACKJACK_STAKES.includes(stake)) throw new BlackjackError('Choose one of the table stakes');
    const current = this.hands.get(session.id);
    if (current && !current.finished) throw new BlackjackError('Finish the hand in play first');
    const round = `bj-${uuid()}`;
    const bet = await this.deps.wallet.sendBet(
      this.deps.wallet.betBody(callerOf(session), {
        round,
        amount: stake,
        description: 'hand',
        meta: { action: 'deal' },
      }),
    );
    const record: RoundRecord = {
      round,
      user: session.user,
      gameCode: session.game.code,
      gameName: session.game.name,
      kind: 'blackjack',
      currency: session.currency,
      stake,
      win: 0,
      status: 'open',
      transactions: [
        { type: 'bet', transactionUuid: bet.transactionUuid, amount: stake, status: bet.ok ? 'RS_OK' : bet.status },
      ],
      detail: {},
      createdAt: new Date().toISOString(),
    };
    this.deps.sessions.saveRound(record);
    if (!bet.ok) {
      record.status = bet.rolledBack ? 'rolled_back' : 'refused';
      throw new BlackjackError(bet.status, { cause: bet.answer?.balance });
    }
    const deck = new Deck(this.deps.rng ?? secureRng);
    const player = [deck.draw()];
    const dealer = [deck.draw()];
    player.push(deck.draw());
    dealer.push(deck.draw());
    const hand: Hand = {
      round,
      deck,
      player,
      dealer,
      bets: [{ transactionUuid: bet.transactionUuid, amount: stake }],
      finished: false,
    };
    this.hands.set(session.id, hand);
    // The dealer peeks: a blackjack on either side ends the hand at once.
    if (isBlackjack(player) || isBlackjack(dealer)) return this.finish(session, hand);
    return this.view(session, bet.answer.balance) as HandView;
  }

  async act(session: Hub88Session, action: 'hit' | 'stand' | 'double'): Promise<HandView> {
    const hand = this.hands.get(session.id);
    if (!hand || hand.finished) throw new BlackjackError('Deal a new hand first');
    if (action === 'hit') {
      hand.player.push(hand.deck.draw());
      if (handValue(hand.player).total >= 21) return this.finish(session, hand);
      return this.view(session) as HandView;
    }
    if (action === 'double') {
      if (hand.player.length !== 2) throw new BlackjackError('Double only on the first two cards');
      const amount = hand.bets[0]?.amount as number;
      const bet = await this.deps.wallet.sendBet(
        this.deps.wallet.betBody(callerOf(session), {
          round: hand.round,
          amount,
          description: 'double',
          meta: { action: 'double' },
        }),
      );
      const record = this.deps.sessions.round(hand.round);
      record?.transactions.push({
        type: 'bet',
        transactionUuid: bet.transactionUuid,
        amount,
        status: bet.ok ? 'RS_OK' : bet.status,
      });
      if (!bet.ok) throw new BlackjackError(bet.status, { cause: bet.answer?.balance });
      if (record) record.stake += amount;
      hand.bets.push({ transactionUuid: bet.transactionUuid, amount });
      hand.player.push(hand.deck.draw());
      return this.finish(session, hand);
    }
    if (action === 'stand') return this.finish(session, hand);
    throw new BlackjackError('Unknown action');
  }

  /** Dealer plays (unless the player busted or a blackjack ended it), then every bet of the round gets its win. */
  private async finish(session: Hub88Session, hand: Hand): Promise<HandView> {
    hand.finished = true;
    const playerTotal = handValue(hand.player).total;
    if (playerTotal <= 21 && !isBlackjack(hand.player) && !isBlackjack(hand.dealer))
      hand.dealer = dealerPlays(hand.dealer, hand.deck.draw);
    const { outcome, returnHundredths } = settleHand(hand.player, hand.dealer);
    hand.outcome = outcome;
    hand.win = 0;
    const record = this.deps.sessions.round(hand.round);
    let last: SettleResult | undefined;
    for (const [index, bet] of hand.bets.entries()) {
      const amount = payout(bet.amount, returnHundredths);
      hand.win += amount;
      last = await this.deps.wallet.sendWin(
        this.deps.wallet.winBody(callerOf(session), {
          round: hand.round,
          betTransactionUuid: bet.transactionUuid,
          amount,
          roundClosed: index === hand.bets.length - 1,
          meta: { outcome },
        }),
      );
      record?.transactions.push({
        type: 'win',
        transactionUuid: last.transactionUuid,
        amount,
        status: last.ok ? 'RS_OK' : last.status,
      });
    }
    if (record) {
      record.win = hand.win;
      record.status = last?.ok ? 'settled' : 'pending';
      record.detail = { player: hand.player, dealer: hand.dealer, outcome };
    }
    return { ...(this.view(session, last?.answer?.balance) as HandView), status: last?.ok ? 'settled' : 'pending' };
  }
}
