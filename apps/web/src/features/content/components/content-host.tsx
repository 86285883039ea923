import type { Announcement } from '@portal/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { closeModal, getActiveModal, openModal, useActiveModal } from '@/lib/modals';
import { useSession } from '@/lib/session';
import { useAnnouncements } from '../api/announcements';
import { audiencesOf, eligiblePopups, markShownThisSession, popupsToShow } from '../utils/popup-rules';

const AnnouncementPopup = lazy(() =>
  import('./content-popups').then((module) => ({ default: module.AnnouncementPopup })),
);
const NoticePopup = lazy(() => import('./content-popups').then((module) => ({ default: module.NoticePopup })));
const FeedbackModal = lazy(() => import('./feedback-modal').then((module) => ({ default: module.FeedbackModal })));

/**
 * The content modals, mounted once beside the routes: the announcement popup (publicModal), opened by itself once
 * per session for the player's audience (A logged in, B visitors, F first login) unless its popups were marked
 * closed; the notice popup (noticeModal) the marquee opens; and the feedback dialog (feedbackModal). Another
 * modal that is open (such as the login popup) goes first; the popup waits until it closes.
 */
export function ContentHost() {
  const session = useSession();
  const active = useActiveModal();
  const { data } = useAnnouncements();
  const [shown, setShown] = useState<Announcement[] | null>(null);
  const firstTimeLogin = session.info?.firstTimeLogin ?? false;
  const idle = active === null;

  useEffect(() => {
    if (!data || !idle || getActiveModal()) return;
    const audiences = audiencesOf(session.status, firstTimeLogin);
    const popups = popupsToShow(data.popup, audiences);
    if (popups.length === 0) return;
    markShownThisSession(audiences);
    setShown(popups);
    openModal('publicModal');
  }, [data, idle, session.status, firstTimeLogin]);

  if (!active) return null;
  const close = () => closeModal(active.name);
  switch (active.name) {
    case 'publicModal': {
      // Opened by hand (not by the rule above): every popup of the audience, closed ones included.
      const items = shown ?? eligiblePopups(data?.popup ?? [], audiencesOf(session.status, firstTimeLogin), new Set());
      return (
        <Suspense fallback={null}>
          <AnnouncementPopup
            items={items}
            onClose={() => {
              setShown(null);
              close();
            }}
          />
        </Suspense>
      );
    }
    case 'noticeModal':
      return (
        <Suspense fallback={null}>
          <NoticePopup items={data?.player ?? []} initialIndex={active.params.noticeIndex ?? 0} onClose={close} />
        </Suspense>
      );
    case 'feedbackModal':
      return (
        <Suspense fallback={null}>
          <FeedbackModal onClose={close} />
        </Suspense>
      );
    default:
      return null;
  }
}
