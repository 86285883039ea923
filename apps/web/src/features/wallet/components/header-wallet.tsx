import '@/locales/wallet';
import { useRealtime } from '../hooks/use-realtime';
import { HeaderBalance } from './header-balance';

/**
 * The header's wallet corner for a logged-in member or agent: the balance, kept current by the realtime
 * socket this also opens (once per page, as the header is). Loaded on demand: visitors never need it.
 */
export function HeaderWallet({ token }: { token: string }) {
  useRealtime(token);
  return <HeaderBalance />;
}
