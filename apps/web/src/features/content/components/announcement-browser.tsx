import { type Announcement, announcementPageSize, rewardCenterPath } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { cx } from '@portal/ui/cx';
import { EmptyState } from '@portal/ui/empty-state';
import { IconExternal, IconStar } from '@portal/ui/icons';
import { Modal } from '@portal/ui/modal';
import { Pager } from '@portal/ui/pager';
import { type MouseEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { safeExternalUrl } from '@/lib/safe-url';
import { sanitizeHtml } from '@/lib/sanitize-html';
import '@/locales/content';
import { clampIndex, pageCount, pageItems, pageOfIndex } from '../utils/paging';
import { LazyImage } from './lazy-image';
import './content.css';

export type AnnouncementBrowserProps = {
  title: string;
  items: readonly Announcement[];
  /** The item selected first (0-based; the notice popup opens at the notice clicked on the marquee). */
  initialIndex?: number;
  /** Spec section 2: the announcement popup's pager has 1 margin page and range 5; the notice popup range 1. */
  pager: { marginPages: number; pageRange: number };
  onClose: () => void;
  /** The "don't show again" box (the announcement popup); its state is handed to `onClose`. */
  dontShowAgain?: { checked: boolean; onChange: (checked: boolean) => void };
  className?: string;
};

/** Where an item's action leads: the rewards centre for promotions, else its route or URL. */
function actionOf(item: Announcement): { kind: 'route' | 'external'; href: string } | null {
  if (item.linkageType === 'PROMOTION' || item.type === 'PR') return { kind: 'route', href: rewardCenterPath };
  if (item.linkageType === 'ROUTE' && item.linkage?.startsWith('/')) return { kind: 'route', href: item.linkage };
  if (item.linkageType === 'URL') {
    const href = safeExternalUrl(item.linkage);
    return href ? { kind: 'external', href } : null;
  }
  return null;
}

/**
 * The announcement and notice popups (spec section 2): a list of titles, 9 per page, beside a detail pane with
 * the selected item's images and HTML (sanitised again here, whatever the server sent); a pager under the list.
 * A promotion leads to the rewards centre. Links inside the HTML that stay on the site navigate in the app.
 */
export function AnnouncementBrowser({
  title,
  items,
  initialIndex = 0,
  pager,
  onClose,
  dontShowAgain,
  className,
}: AnnouncementBrowserProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detailId = useId();
  const [selected, setSelected] = useState(() => clampIndex(initialIndex, items.length));
  const index = clampIndex(selected, items.length);
  const page = pageOfIndex(index);
  const pages = pageCount(items.length);
  const visible = pageItems(items, page);
  const firstOnPage = (page - 1) * announcementPageSize;
  const current = items[index];
  const html = useMemo(() => (current ? sanitizeHtml(current.content) : ''), [current]);
  const action = current ? actionOf(current) : null;

  const go = (href: string) => {
    onClose();
    navigate(href);
  };

  /** Site-internal links inside the HTML open in the app (no page reload) and close the popup. */
  const onContentClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    go(href);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="xl"
      closeLabel={t('contentUi.popup.close')}
      className={cx('content-browser', className)}
      footer={
        <div className="content-browser__footer">
          {dontShowAgain ? (
            <Checkbox
              label={t('contentUi.popup.dontShowAgain')}
              checked={dontShowAgain.checked}
              onChange={(event) => dontShowAgain.onChange(event.target.checked)}
            />
          ) : (
            <span />
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('contentUi.popup.close')}
          </Button>
        </div>
      }
    >
      {items.length === 0 || !current ? (
        <EmptyState title={t('contentUi.popup.empty')} />
      ) : (
        <div className="content-browser__body">
          <nav className="content-browser__list" aria-label={t('contentUi.popup.list')}>
            <ol className="content-browser__titles" start={firstOnPage + 1}>
              {visible.map((item, offset) => {
                const itemIndex = firstOnPage + offset;
                const active = itemIndex === index;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={cx('content-browser__title', active && 'content-browser__title--active')}
                      aria-current={active ? 'true' : undefined}
                      aria-controls={detailId}
                      onClick={() => setSelected(itemIndex)}
                    >
                      <span className="content-browser__title-text">{item.title}</span>
                    </button>
                  </li>
                );
              })}
            </ol>
            <Pager
              page={page}
              totalPages={pages}
              marginPages={pager.marginPages}
              pageRange={pager.pageRange}
              onPageChange={(next) => setSelected((next - 1) * announcementPageSize)}
              labels={{
                nav: t('contentUi.pager.nav'),
                previous: t('contentUi.pager.previous'),
                next: t('contentUi.pager.next'),
                page: (number) => t('contentUi.pager.page', { page: number }),
              }}
              className="content-browser__pager"
            />
          </nav>
          <article id={detailId} className="content-browser__detail" aria-live="polite">
            <h3 className="content-browser__detail-title">{current.title}</h3>
            {current.announcementImages.map((image) => (
              <LazyImage
                key={`${image.sequence}-${image.url}`}
                src={image.url}
                alt={current.title}
                className="content-browser__image"
                width={1200}
                height={400}
                fallbackLabel={t('contentUi.banners.imageMissing')}
              />
            ))}
            {html && (
              // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the click only intercepts the sanitised HTML's own links, which are keyboard reachable themselves.
              <div
                className="content-html"
                onClick={onContentClick}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when stored and served, and again here.
                dangerouslySetInnerHTML={{ __html: html }}
              />
            )}
            {action &&
              (action.kind === 'route' ? (
                <Button
                  className="content-browser__action"
                  icon={<IconStar size={16} />}
                  onClick={() => go(action.href)}
                >
                  {action.href === rewardCenterPath
                    ? t('contentUi.popup.viewPromotion')
                    : t('contentUi.popup.openLink')}
                </Button>
              ) : (
                <a
                  className="ui-button ui-button--primary ui-button--md content-browser__action"
                  href={action.href}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <IconExternal size={16} />
                  <span className="ui-button__label">{t('contentUi.popup.openLink')}</span>
                </a>
              ))}
          </article>
        </div>
      )}
    </Modal>
  );
}
