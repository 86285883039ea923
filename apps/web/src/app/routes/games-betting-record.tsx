import { BettingRecord } from '@/features/games/components/betting-record';
import type { MemberPageProps } from './member-pages';

/** Member centre page personalHistoryCopy (betting record). */
export function GamesBettingRecordPage(_props: MemberPageProps) {
  return <BettingRecord />;
}
