import { hashString, type Rng, secureRng, seededRng } from '../rng';
import { payout } from './payout';

/*
 * A sportsbook (and an e-sports book) with scheduled events: each event has fair outcome probabilities from the two
 * sides' ratings, decimal odds with a 5% margin, takes bets until kick-off, and is settled when it ends with a
 * result drawn from those same probabilities (CSPRNG) and a matching score. Stakes come from, and returns go to,
 * the player's TCG product wallet through the callbacks the caller gives.
 */
export type BookKind = 'SPORTS' | 'ESPORTS';
export type Selection = 'HOME' | 'DRAW' | 'AWAY';

export type BookEvent = {
  id: string;
  book: string;
  sport: string;
  home: string;
  away: string;
  startsAt: number;
  endsAt: number;
  /** Fair probabilities (sum 1); DRAW is 0 where the sport has no draw. */
  probabilities: Record<Selection, number>;
  /** Decimal odds in hundredths (1.85 → 185); absent for a selection that cannot win. */
  odds: Partial<Record<Selection, number>>;
  /** `cancelled`: the event was called off (abandoned, postponed) and its bets were refunded. */
  status: 'open' | 'live' | 'settled' | 'cancelled';
  result?: { winner: Selection; home: number; away: number };
};

export type BookBet = {
  id: string;
  username: string;
  productType: number;
  eventId: string;
  selection: Selection;
  oddsHundredths: number;
  /** Stake in wallet units (1/10000), a multiple of 100. */
  amount: number;
  /** `cancelled`: the event was called off and the stake came back (`returned` = the stake). */
  status: 'open' | 'won' | 'lost' | 'cancelled';
  returned?: number;
  placedAt: string;
};

const SPORTS: Record<BookKind, Array<{ sport: string; draw: boolean; teams: string[] }>> = {
  SPORTS: [
    {
      sport: 'Football',
      draw: true,
      teams: [
        'Dhaka Tigers',
        'Chittagong Kings',
        'Sylhet Strikers',
        'Khulna Royals',
        'Rajshahi Falcons',
        'Barishal Bulls',
        'Rangpur Riders',
        'Comilla Warriors',
      ],
    },
    {
      sport: 'Cricket',
      draw: false,
      teams: [
        'Bengal Lions',
        'Mumbai Mariners',
        'Colombo Cobras',
        'Karachi Comets',
        'Kathmandu Kites',
        'Perth Pelicans',
      ],
    },
    {
      sport: 'Basketball',
      draw: false,
      teams: ['Harbor Hawks', 'Capital Crowns', 'River Rockets', 'Desert Dunes', 'Metro Magic', 'Valley Vipers'],
    },
  ],
  ESPORTS: [
    {
      sport: 'League of Legends',
      draw: false,
      teams: ['Nova Esports', 'Crimson Wolves', 'Team Zenith', 'Phantom Five', 'Azure Dragons', 'Iron Owls'],
    },
    {
      sport: 'Dota 2',
      draw: false,
      teams: ['Radiant Kings', 'Void Walkers', 'Storm Spirits', 'Ancient Order', 'Team Aegis', 'Night Stalkers'],
    },
    {
      sport: 'Counter-Strike 2',
      draw: false,
      teams: ['Headshot HQ', 'Smoke Screen', 'Bomb Squad', 'Clutch Kings', 'Rush B', 'Eco Round'],
    },
  ],
};

export const BOOK_MARGIN = 0.05;

/** Odds in hundredths for a fair probability with the book's margin, rounded down to the hundredth, at least 1.01. */
export const oddsFor = (probability: number): number =>
  Math.max(101, Math.floor(100 / (probability * (1 + BOOK_MARGIN))));

export function eventProbabilities(homeRating: number, awayRating: number, draw: boolean): Record<Selection, number> {
  const homeEdge = homeRating / (homeRating + awayRating);
  const drawShare = draw ? 0.26 - Math.abs(homeEdge - 0.5) * 0.3 : 0;
  return { HOME: homeEdge * (1 - drawShare), DRAW: drawShare, AWAY: (1 - homeEdge) * (1 - drawShare) };
}

/** A score that matches the winner (goals, points, maps or runs by sport). */
function scoreFor(sport: string, winner: Selection, rng: Rng): { home: number; away: number } {
  if (sport === 'Football') {
    if (winner === 'DRAW') {
      const goals = rng.int(4);
      return { home: goals, away: goals };
    }
    const loser = rng.int(3);
    const margin = 1 + rng.int(3);
    return winner === 'HOME' ? { home: loser + margin, away: loser } : { home: loser, away: loser + margin };
  }
  if (sport === 'Basketball' || sport === 'Cricket') {
    const base = sport === 'Basketball' ? 85 + rng.int(30) : 140 + rng.int(60);
    const margin = 1 + rng.int(sport === 'Basketball' ? 20 : 40);
    return winner === 'HOME' ? { home: base + margin, away: base } : { home: base, away: base + margin };
  }
  // Best of three maps.
  const loserMaps = rng.int(2);
  return winner === 'HOME' ? { home: 2, away: loserMaps } : { home: loserMaps, away: 2 };
}

export class Sportsbook {
  private readonly events = new Map<string, BookEvent>();
  private readonly bets: BookBet[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private started = false;
  private counter = 0;

  constructor(
    readonly book: string,
    readonly kind: BookKind,
    private readonly deps: {
      settle: (bet: BookBet, returned: number) => void;
      autoRun: boolean;
      /** Minutes between kick-offs, and the length of an event. */
      spacingMs?: number;
      durationMs?: number;
      rng?: Rng;
    },
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    for (let i = 0; i < 8; i += 1) this.schedule();
  }

  private spacing(): number {
    return this.deps.spacingMs ?? 90_000;
  }

  private schedule(): void {
    const rng = seededRng(hashString(`${this.book}:${this.counter}`));
    const sports = SPORTS[this.kind];
    const pick = sports[this.counter % sports.length] as (typeof sports)[number];
    const home = pick.teams[rng.int(pick.teams.length)] as string;
    let away = pick.teams[rng.int(pick.teams.length)] as string;
    if (away === home) away = pick.teams[(pick.teams.indexOf(home) + 1) % pick.teams.length] as string;
    const probabilities = eventProbabilities(50 + rng.int(50), 50 + rng.int(50), pick.draw);
    const latest = Math.max(Date.now() + 60_000, ...[...this.events.values()].map((event) => event.startsAt));
    const startsAt = latest + this.spacing();
    const event: BookEvent = {
      id: `${this.book}-${Date.now().toString(36)}-${this.counter}`,
      book: this.book,
      sport: pick.sport,
      home,
      away,
      startsAt,
      endsAt: startsAt + (this.deps.durationMs ?? 120_000),
      probabilities,
      odds: Object.fromEntries(
        (Object.entries(probabilities) as Array<[Selection, number]>)
          .filter(([, p]) => p > 0)
          .map(([selection, p]) => [selection, oddsFor(p)]),
      ),
      status: 'open',
    };
    this.counter += 1;
    this.events.set(event.id, event);
    if (this.deps.autoRun) {
      const kickOff = setTimeout(() => this.kickOff(event.id), event.startsAt - Date.now());
      const end = setTimeout(() => this.settle(event.id), event.endsAt - Date.now());
      kickOff.unref();
      end.unref();
      this.timers.add(kickOff);
      this.timers.add(end);
    }
  }

  list(): BookEvent[] {
    this.start();
    return [...this.events.values()]
      .filter((event) => event.status === 'open' || event.status === 'live' || event.endsAt > Date.now() - 10 * 60_000)
      .sort((a, b) => a.startsAt - b.startsAt);
  }

  event(id: string): BookEvent | undefined {
    return this.events.get(id);
  }

  betsOf(username: string): BookBet[] {
    return this.bets.filter((bet) => bet.username === username);
  }

  /** Checks a bet can be taken now; returns the odds it gets. Throws with a player-facing reason. */
  quote(eventId: string, selection: Selection): number {
    this.start();
    const event = this.events.get(eventId);
    if (!event) throw new Error('Unknown event');
    if (event.status !== 'open' || Date.now() >= event.startsAt)
      throw new Error('This event has started: betting is closed');
    const odds = event.odds[selection];
    if (!odds) throw new Error('This selection is not offered');
    return odds;
  }

  addBet(bet: Omit<BookBet, 'id' | 'status' | 'placedAt'>): BookBet {
    const placed: BookBet = {
      ...bet,
      id: `BB${this.bets.length + 1}-${this.book}`,
      status: 'open',
      placedAt: new Date().toISOString(),
    };
    this.bets.push(placed);
    return placed;
  }

  kickOff(eventId: string): void {
    const event = this.events.get(eventId);
    if (event?.status === 'open') event.status = 'live';
  }

  /** Ends the event now (scheduled, or by a test): draws the result, settles its bets, schedules a new event. */
  settle(eventId: string): BookEvent {
    const event = this.events.get(eventId);
    if (!event) throw new Error('Unknown event');
    if (event.status === 'settled' || event.status === 'cancelled') return event;
    const rng = this.deps.rng ?? secureRng;
    const roll = rng.int(1_000_000) / 1_000_000;
    const winner: Selection =
      roll < event.probabilities.HOME
        ? 'HOME'
        : roll < event.probabilities.HOME + event.probabilities.DRAW
          ? 'DRAW'
          : 'AWAY';
    event.status = 'settled';
    event.result = { winner, ...scoreFor(event.sport, winner, rng) };
    for (const bet of this.bets.filter((b) => b.eventId === eventId && b.status === 'open')) {
      const returned = bet.selection === winner ? payout(bet.amount, bet.oddsHundredths) : 0;
      bet.status = returned > 0 ? 'won' : 'lost';
      bet.returned = returned;
      this.deps.settle(bet, returned);
    }
    if (this.started) this.schedule();
    return event;
  }

  /**
   * Calls an event off (abandoned or postponed, by an operator or a test): every open bet on it is cancelled and its
   * stake refunded through the settle callback (the bet's status says `cancelled`); a new event is scheduled.
   */
  cancel(eventId: string): BookEvent {
    const event = this.events.get(eventId);
    if (!event) throw new Error('Unknown event');
    if (event.status === 'settled' || event.status === 'cancelled') return event;
    event.status = 'cancelled';
    for (const bet of this.bets.filter((b) => b.eventId === eventId && b.status === 'open')) {
      bet.status = 'cancelled';
      bet.returned = bet.amount;
      this.deps.settle(bet, bet.amount);
    }
    if (this.started) this.schedule();
    return event;
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
