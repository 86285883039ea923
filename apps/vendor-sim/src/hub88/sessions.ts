import { randomBytes } from 'node:crypto';
import type { SimGame } from '../catalogue/generator';

/** A game session opened by the operator's `game/url` call; the launch URL carries its random id. */
export type Hub88Session = {
  id: string;
  game: SimGame;
  /** Absent for DEMO launches (no user/token): play money held by the simulator, no wallet calls. */
  user?: string;
  token?: string;
  currency: string;
  platform: string;
  lang: string;
  lobbyUrl?: string;
  demoBalance: number;
  userInfoSent: boolean;
  createdAt: number;
};

export type RoundRecord = {
  round: string;
  user?: string;
  gameCode: string;
  gameName: string;
  kind: string;
  currency: string;
  stake: number;
  win: number;
  status: 'open' | 'settled' | 'refused' | 'rolled_back' | 'pending';
  transactions: Array<{ type: 'bet' | 'win' | 'rollback'; transactionUuid: string; amount?: number; status: string }>;
  detail: Record<string, unknown>;
  createdAt: string;
};

/** Demo (free-trial) play money in protocol units: 2,000.00. */
export const DEMO_BALANCE_UNITS = 2000 * 100_000;

export class SessionStore {
  private readonly sessions = new Map<string, Hub88Session>();
  private readonly rounds = new Map<string, RoundRecord>();

  open(fields: Omit<Hub88Session, 'id' | 'demoBalance' | 'userInfoSent' | 'createdAt'>): Hub88Session {
    const session: Hub88Session = {
      ...fields,
      id: randomBytes(18).toString('base64url'),
      demoBalance: DEMO_BALANCE_UNITS,
      userInfoSent: false,
      createdAt: Date.now(),
    };
    this.sessions.set(session.id, session);
    // Sessions live for a day; trimming keeps a long standalone run from growing without bound.
    if (this.sessions.size > 50_000) {
      const oldest = this.sessions.keys().next().value;
      if (oldest) this.sessions.delete(oldest);
    }
    return session;
  }

  get(id: string): Hub88Session | undefined {
    return this.sessions.get(id);
  }

  /** The newest real-money session of this token (and game, when given). */
  byToken(token: string, gameCode?: string): Hub88Session | undefined {
    let found: Hub88Session | undefined;
    for (const session of this.sessions.values()) {
      if (session.token === token && (!gameCode || session.game.code === gameCode)) found = session;
    }
    return found;
  }

  saveRound(record: RoundRecord): void {
    this.rounds.set(record.round, record);
    if (this.rounds.size > 100_000) {
      const oldest = this.rounds.keys().next().value;
      if (oldest) this.rounds.delete(oldest);
    }
  }

  round(id: string): RoundRecord | undefined {
    return this.rounds.get(id);
  }
}
