import type { Faults } from './faults';
import type { BlackjackPlay } from './games/blackjack';
import type { FishPlay } from './games/fish';
import type { SlotPlay } from './games/slot-play';
import type { TimedTables } from './games/timed-table';
import type { SessionStore } from './hub88/sessions';
import type { Hub88WalletClient } from './hub88/wallet-client';

/** What the route files share: settings and the stateful services of one running simulator. */
export type SimContext = {
  publicUrl(): string;
  operatorId: string;
  operatorPublicKeyPem: string;
  currencies: Set<string>;
  rtp: number;
  gameListRateLimitPerMinute: number;
  slotHitRatio(): number;
  sessions: SessionStore;
  wallet: Hub88WalletClient;
  faults: Faults;
  slots: SlotPlay;
  tables: TimedTables;
  fish: FishPlay;
  blackjack: BlackjackPlay;
};
