import { type Announcement, announcementPager, noticePager } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@/locales/content';
import { markPopupsClosed } from '../utils/popup-rules';
import { AnnouncementBrowser } from './announcement-browser';

/**
 * The announcement popup (publicModal): the popups for the player's audience, with "don't show again", which
 * marks these popups closed on this device when the popup is closed with the box ticked.
 */
export function AnnouncementPopup({ items, onClose }: { items: readonly Announcement[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [dontShow, setDontShow] = useState(false);
  return (
    <AnnouncementBrowser
      title={t('contentUi.popup.announcements')}
      items={items}
      pager={announcementPager}
      dontShowAgain={{ checked: dontShow, onChange: setDontShow }}
      onClose={() => {
        if (dontShow) markPopupsClosed(items.map((item) => item.id));
        onClose();
      }}
      className="content-browser--public"
    />
  );
}

/** The notice popup (noticeModal): the marquee's notices, opened at the one clicked; pager range 1. */
export function NoticePopup({
  items,
  initialIndex,
  onClose,
}: {
  items: readonly Announcement[];
  initialIndex: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AnnouncementBrowser
      title={t('contentUi.popup.notices')}
      items={items}
      initialIndex={initialIndex}
      pager={noticePager}
      onClose={onClose}
      className="content-browser--notice"
    />
  );
}
