import type { HelpCenter } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { EmptyState } from '@portal/ui/empty-state';
import { IconAlert, IconDocument, IconRefresh } from '@portal/ui/icons';
import { Modal } from '@portal/ui/modal';
import { Skeleton } from '@portal/ui/skeleton';
import { Tabs } from '@portal/ui/tabs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { useHelpCenter } from '../api/get-help-center';
import './help-center-modal.css';

export type HelpCenterModalProps = {
  open: boolean;
  onClose: () => void;
  /** Article anchor to open and scroll to (`/help#term` opens the terms). */
  anchor?: string | null;
};

/** Article element ids are prefixed so an anchor such as "term" cannot collide with ids of the page. */
const articleElementId = (anchor: string) => `help-article-${anchor}`;

/** The Help Centre modal (spec section 2): categories as tabs, each with its list of articles. */
export function HelpCenterModal({ open, onClose, anchor = null }: HelpCenterModalProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const query = useHelpCenter(language, { enabled: open });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('help.title')}
      size="xl"
      className="help-modal"
      closeLabel={t('ui.close')}
    >
      {query.isPending ? (
        <HelpCenterSkeleton />
      ) : query.isError ? (
        <EmptyState
          icon={<IconAlert size={28} />}
          title={t('help.loadError')}
          description={describeError(query.error)}
          action={
            <Button
              variant="secondary"
              icon={<IconRefresh size={18} />}
              loading={query.isFetching}
              onClick={() => query.refetch()}
            >
              {t('app.retry')}
            </Button>
          }
        />
      ) : (
        // Keyed by anchor so following another help link starts from that link's category.
        <HelpCenterContent key={anchor ?? ''} helpCenter={query.data} anchor={anchor} />
      )}
    </Modal>
  );
}

function HelpCenterContent({ helpCenter, anchor }: { helpCenter: HelpCenter; anchor: string | null }) {
  const { t } = useTranslation();
  const categories = helpCenter.categories.filter((category) => category.articles.length > 0);
  const anchorCategory = anchor
    ? categories.find((category) => category.articles.some((article) => article.anchor === anchor))
    : undefined;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const active = categories.find((category) => category.id === selectedId) ?? anchorCategory ?? categories[0];
  const [focusedAnchor, setFocusedAnchor] = useState<string | null>(anchorCategory ? anchor : null);
  const topRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusedAnchor) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(articleElementId(focusedAnchor))?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusedAnchor]);

  if (!active) return <EmptyState icon={<IconDocument size={28} />} title={t('help.empty')} />;

  return (
    <div ref={topRef}>
      <Tabs
        items={categories.map((category) => ({ id: category.id, label: category.title }))}
        value={active.id}
        onChange={(id) => {
          setSelectedId(id);
          setFocusedAnchor(null);
          topRef.current?.scrollIntoView({ block: 'start' });
        }}
        label={t('help.categories')}
      >
        <div className="help-center">
          <nav className="help-center__index" aria-label={t('help.articles')}>
            <ul>
              {active.articles.map((article) => (
                <li key={article.id}>
                  <a
                    href={`#${articleElementId(article.anchor)}`}
                    className={cx('help-center__index-link', article.anchor === focusedAnchor && 'is-current')}
                    onClick={(event) => {
                      // The modal body scrolls, not the page; changing the URL hash would also re-route.
                      event.preventDefault();
                      setFocusedAnchor(article.anchor);
                    }}
                  >
                    {article.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="help-center__articles">
            {active.articles.map((article) => (
              <HelpArticle
                key={article.id}
                id={articleElementId(article.anchor)}
                title={article.title}
                html={article.content}
                highlighted={article.anchor === focusedAnchor}
              />
            ))}
          </div>
        </div>
      </Tabs>
    </div>
  );
}

function HelpArticle({
  id,
  title,
  html,
  highlighted,
}: {
  id: string;
  title: string;
  html: string;
  highlighted: boolean;
}) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <article id={id} className={cx('help-article', highlighted && 'help-article--highlighted')}>
      <h3 className="help-article__title">{title}</h3>
      <div
        className="help-article__content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: operator HTML, sanitised by the server and again by sanitizeHtml above.
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </article>
  );
}

function HelpCenterSkeleton() {
  return (
    <div className="help-center-skeleton" aria-busy="true">
      <div className="help-center-skeleton__tabs">
        <Skeleton width={110} height={30} radius={999} />
        <Skeleton width={140} height={30} radius={999} />
        <Skeleton width={96} height={30} radius={999} />
      </div>
      <Skeleton height={22} width="45%" />
      <Skeleton lines={4} />
      <Skeleton height={22} width="38%" />
      <Skeleton lines={3} />
    </div>
  );
}
