import { cx } from '@portal/ui/cx';
import { IconMail } from '@portal/ui/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '@/locales/content';
import { useInboxAvailable } from '../api/inbox';
import { useUnreadCount } from '../hooks/use-unread-count';
import './content.css';

/** The member centre's inbox page. */
export const inboxHref = '/member?page=messageV2';

/**
 * The header's mail icon (spec section 2): leads to the inbox, with a red dot while messages are unread. Renders
 * nothing for visitors and trial accounts, who have no inbox.
 */
export function MailIndicator({ className }: { className?: string }) {
  const { t } = useTranslation();
  const available = useInboxAvailable();
  const count = useUnreadCount();
  if (!available) return null;
  const label = count > 0 ? t('contentUi.mail.labelUnread', { count }) : t('contentUi.mail.label');
  return (
    <Link to={inboxHref} className={cx('content-mail', className)} aria-label={label} title={label}>
      <IconMail size={20} />
      {count > 0 && <span className="content-mail__dot" data-testid="mail-unread-dot" aria-hidden="true" />}
    </Link>
  );
}
