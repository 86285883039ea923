import { Navigate } from 'react-router';
import { LiveChatPage } from '@/features/live-chat/components/live-chat-page';
import { useCan } from '@/lib/session';
import { consolePaths } from '../paths';

export function LiveChatRoute() {
  if (!useCan('support.chat')) return <Navigate to={consolePaths.settings} replace />;
  return <LiveChatPage />;
}
