import { IconInfo } from '@portal/ui/icons';
import { useTranslation } from 'react-i18next';
import { openModal } from '@/lib/modals';
import '@/locales/content';
import { useAnnouncements } from '../api/announcements';
import './content.css';

/**
 * The home page's notice marquee (spec section 2): the player notices (type PL) scrolling by; a click on one opens
 * the notice popup at that notice. The scroll pauses on hover and focus, and stops for reduced motion.
 */
export function NoticeMarquee() {
  const { t } = useTranslation();
  // isLoading, not isPending: with announcements switched off the query never runs, and the row then greets.
  const { data, isLoading } = useAnnouncements();
  const notices = data?.player ?? [];
  // While the notices load, the bar keeps its place so the page below does not jump when it fills (layout shift).
  if (isLoading) return <div className="content-marquee" aria-hidden="true" data-testid="marquee-pending" />;
  // Without notices (or when they could not be loaded) the row stays, with a greeting, for the same reason: a bar
  // that vanished after loading moved the whole home page up (bench/RESULTS.md, Lighthouse).
  if (notices.length === 0) {
    return (
      <section className="content-marquee content-marquee--idle" aria-label={t('contentUi.marquee.label')}>
        <span className="content-marquee__icon" aria-hidden="true">
          <IconInfo size={18} />
        </span>
        <p className="content-marquee__idle">{t('contentUi.marquee.idle')}</p>
      </section>
    );
  }
  // Long enough to read: about 0.12 s per character of all the titles, at least 20 s a loop.
  const seconds = Math.max(20, Math.round(notices.reduce((sum, notice) => sum + notice.title.length, 0) * 0.12));
  const list = (copy: boolean) => (
    <ul className="content-marquee__list" aria-hidden={copy || undefined}>
      {notices.map((notice, index) => (
        <li key={notice.id}>
          <button
            type="button"
            className="content-marquee__item"
            tabIndex={copy ? -1 : undefined}
            aria-label={t('contentUi.marquee.open', { title: notice.title })}
            onClick={() => openModal('noticeModal', { noticeIndex: index })}
          >
            {notice.title}
          </button>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="content-marquee" aria-label={t('contentUi.marquee.label')}>
      <span className="content-marquee__icon" aria-hidden="true">
        <IconInfo size={18} />
      </span>
      <div className="content-marquee__viewport">
        <div className="content-marquee__track" style={{ animationDuration: `${seconds}s` }}>
          {list(false)}
          {list(true)}
        </div>
      </div>
    </section>
  );
}
