import { Navigate } from 'react-router';
import { AnnouncementsPage } from '@/features/content/components/announcements-page';
import { ArticlesPage } from '@/features/content/components/articles-page';
import { FeedbackPage } from '@/features/content/components/feedback-page';
import { HelpCenterPage } from '@/features/content/components/help-center-page';
import { MessagesPage } from '@/features/content/components/messages-page';
import { useCan } from '@/lib/session';
import { consolePaths } from '../paths';

export function AnnouncementsRoute() {
  if (!useCan('content.announcements')) return <Navigate to={consolePaths.settings} replace />;
  return <AnnouncementsPage />;
}

export function ArticlesRoute() {
  if (!useCan('content.articles')) return <Navigate to={consolePaths.settings} replace />;
  return <ArticlesPage />;
}

export function MessagesRoute() {
  if (!useCan('content.messages')) return <Navigate to={consolePaths.settings} replace />;
  return <MessagesPage />;
}

export function FeedbackRoute() {
  if (!useCan('content.feedback')) return <Navigate to={consolePaths.settings} replace />;
  return <FeedbackPage />;
}

export function HelpCenterRoute() {
  if (!useCan('content.help')) return <Navigate to={consolePaths.settings} replace />;
  return <HelpCenterPage />;
}
