import { type Announcement, rewardCenterPath } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { EmptyState } from '@portal/ui/empty-state';
import { IconStar } from '@portal/ui/icons';
import { Modal } from '@portal/ui/modal';
import { Skeleton } from '@portal/ui/skeleton';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeError } from '@/lib/api-client';
import { sanitizeHtml } from '@/lib/sanitize-html';
import '@/locales/content';
import { useAnnouncements } from '../api/announcements';
import { PromotionBanners } from './banner-carousel';
import { LazyImage } from './lazy-image';
import './content.css';

/** The first words of an announcement's HTML, as plain text, for a card. */
export function summaryOf(html: string, maxLength = 140): string {
  const text = sanitizeHtml(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}

function PromotionDetail({ promotion, onClose }: { promotion: Announcement; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const html = useMemo(() => sanitizeHtml(promotion.content), [promotion]);
  return (
    <Modal
      open
      onClose={onClose}
      title={promotion.title}
      size="lg"
      closeLabel={t('contentUi.popup.close')}
      footer={
        <div className="content-browser__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('contentUi.popup.close')}
          </Button>
          <Button
            icon={<IconStar size={16} />}
            onClick={() => {
              onClose();
              navigate(rewardCenterPath);
            }}
          >
            {t('contentUi.popup.viewPromotion')}
          </Button>
        </div>
      }
    >
      <div className="content-browser__detail content-promotion__detail">
        {promotion.announcementImages.map((image) => (
          <LazyImage
            key={`${image.sequence}-${image.url}`}
            src={image.url}
            alt={promotion.title}
            width={1200}
            height={400}
            className="content-browser__image"
            fallbackLabel={t('contentUi.banners.imageMissing')}
          />
        ))}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when stored and served, and again here. */}
        <div className="content-html" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </Modal>
  );
}

/**
 * /promotions: the promotion page's (video) banners (w_promotion) and the promotion announcements (type PR) as
 * cards; a card opens its details, which lead to the rewards centre.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, error, refetch } = useAnnouncements();
  const [open, setOpen] = useState<Announcement | null>(null);
  const promotions = data?.promotion ?? [];
  return (
    <div className="content-promotions">
      <h1 className="content-promotions__title">{t('contentUi.promotions.title')}</h1>
      <PromotionBanners />
      {isLoading ? (
        <div className="content-promotions__grid" aria-busy="true">
          <Skeleton height={280} radius={16} />
          <Skeleton height={280} radius={16} />
          <Skeleton height={280} radius={16} />
        </div>
      ) : isError ? (
        <EmptyState
          title={t('contentUi.popup.loadFailed')}
          description={describeError(error)}
          action={
            <Button variant="secondary" onClick={() => void refetch()}>
              {t('contentUi.popup.retry')}
            </Button>
          }
        />
      ) : promotions.length === 0 ? (
        <EmptyState icon={<IconStar size={28} />} title={t('contentUi.promotions.empty')} />
      ) : (
        <ul className="content-promotions__grid">
          {promotions.map((promotion) => (
            <li key={promotion.id} className="content-promotion">
              {promotion.announcementImages[0] ? (
                <LazyImage
                  src={promotion.announcementImages[0].url}
                  alt=""
                  width={1200}
                  height={400}
                  className="content-promotion__image"
                  fallbackLabel={t('contentUi.banners.imageMissing')}
                />
              ) : (
                <span className="content-promotion__image content-promotion__image--plain" aria-hidden="true">
                  <IconStar size={36} />
                </span>
              )}
              <div className="content-promotion__body">
                <h2 className="content-promotion__name">{promotion.title}</h2>
                <p className="content-promotion__summary">{summaryOf(promotion.content)}</p>
                <Button variant="secondary" size="sm" onClick={() => setOpen(promotion)}>
                  {t('contentUi.promotions.details')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open && <PromotionDetail promotion={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
