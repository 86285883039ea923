import type { ArticleKind } from '@portal/contract';
import { buttonClassName } from '@portal/ui/button';
import { EmptyState } from '@portal/ui/empty-state';
import { IconChevronLeft, IconDocument, IconInfo } from '@portal/ui/icons';
import { Skeleton } from '@portal/ui/skeleton';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { usePermission } from '@/lib/permission';
import { sanitizeHtml } from '@/lib/sanitize-html';
import '@/locales/articles';
import { useArticle } from '../api/articles';
import { ArticleCover, ArticleTabs, articlePath, formatArticleDate } from './article-parts';
import './articles.css';

export type ArticleDetailPageProps = {
  kind: ArticleKind;
  id: number;
};

function BackLink({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation();
  return (
    <Link to={articlePath(kind)} className="articles-detail__back">
      <IconChevronLeft size={16} />
      {t('articles.backTo', { section: t(`articles.kinds.${kind}`) })}
    </Link>
  );
}

/**
 * /news/:id, /blog/:id and /guide/:id: one article with its cover and body. The body is HTML the server
 * sanitised when it was stored and when it was served; it is sanitised once more here before it is shown.
 * An unknown or unpublished article shows the server's translated not-found message.
 */
export function ArticleDetailPage({ kind, id }: ArticleDetailPageProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const { info } = usePermission();
  const { data, isPending, isError, error } = useArticle(id);
  const html = useMemo(() => (data ? sanitizeHtml(data.body) : ''), [data]);

  if (isPending && Number.isSafeInteger(id) && id > 0) {
    return (
      <div className="articles articles-detail" aria-busy="true">
        <BackLink kind={kind} />
        <Skeleton height={40} radius={8} />
        <Skeleton height={360} radius={16} />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div className="articles articles-detail">
        <BackLink kind={kind} />
        <EmptyState
          icon={<IconDocument size={28} />}
          title={t('articles.notFoundTitle')}
          description={isError ? describeError(error) : t('errors.CONTENT_ARTICLE_NOT_FOUND')}
          action={
            <Link to={articlePath(kind)} className={buttonClassName({ variant: 'secondary' })}>
              {t('articles.backTo', { section: t(`articles.kinds.${kind}`) })}
            </Link>
          }
        />
        <ArticleTabs />
      </div>
    );
  }
  return (
    <article className="articles articles-detail" aria-labelledby="article-title">
      <title>{`${data.title} · ${info.siteName}`}</title>
      <BackLink kind={kind} />
      <header className="articles-detail__head">
        <span className="articles-detail__kind">{t(`articles.kinds.${data.kind}`)}</span>
        <h1 id="article-title" className="articles-detail__title">
          {data.title}
        </h1>
        <time className="articles-detail__date" dateTime={data.publishedAt}>
          {t('articles.published', { date: formatArticleDate(data.publishedAt, language) })}
        </time>
      </header>
      {data.language !== language && (
        <p className="articles-detail__note" lang={language}>
          <IconInfo size={16} />
          {t('articles.englishOnly')}
        </p>
      )}
      <ArticleCover src={data.coverUrl} eager className="articles-detail__cover" />
      {data.summary && (
        <p className="articles-detail__summary" lang={data.language}>
          {data.summary}
        </p>
      )}
      <div
        className="articles-html articles-detail__body"
        lang={data.language}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when stored and served, and again here.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {/* After the reading, the way to the other sections (news, blog, guides). */}
      <ArticleTabs />
    </article>
  );
}
