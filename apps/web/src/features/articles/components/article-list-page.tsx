import type { ArticleKind } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { EmptyState } from '@portal/ui/empty-state';
import { IconDocument } from '@portal/ui/icons';
import { Pager } from '@portal/ui/pager';
import { Skeleton } from '@portal/ui/skeleton';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import '@/locales/articles';
import { useArticles } from '../api/articles';
import { ArticleCover, ArticleTabs, articlePath, formatArticleDate } from './article-parts';
import './articles.css';

/** The page number of the address (`?page=2`), so that a page can be linked and the back button returns to it. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page') ?? '1');
  const page = Number.isSafeInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };
  return [page, setPage];
}

/**
 * /news, /blog and /guide: the published articles of one section as cards (cover, title, date, summary), newest
 * first (guides in their set order), paged; each card leads to the article.
 */
export function ArticleListPage({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const [page, setPage] = usePageParam();
  const { data, isPending, isError, error, refetch } = useArticles(kind, page);

  return (
    <div className="articles">
      <header className="articles__head">
        <h1 className="articles__title">{t(`articles.kinds.${kind}`)}</h1>
        <p className="articles__intro">{t(`articles.intros.${kind}`)}</p>
        <ArticleTabs />
      </header>
      {isPending ? (
        <div className="articles__grid" aria-busy="true">
          <Skeleton height={320} radius={16} />
          <Skeleton height={320} radius={16} />
          <Skeleton height={320} radius={16} />
        </div>
      ) : isError ? (
        <EmptyState
          title={t('articles.loadFailed')}
          description={describeError(error)}
          action={
            <Button variant="secondary" onClick={() => void refetch()}>
              {t('articles.retry')}
            </Button>
          }
        />
      ) : data.content.length === 0 ? (
        <EmptyState
          icon={<IconDocument size={28} />}
          title={t('articles.empty')}
          description={t('articles.emptyBody')}
        />
      ) : (
        <>
          <ul className="articles__grid">
            {data.content.map((article, index) => (
              <li key={article.id} className="articles-card">
                <ArticleCover src={article.coverUrl} eager={index < 3} className="articles-card__cover" />
                <div className="articles-card__body">
                  <time className="articles-card__date" dateTime={article.publishedAt}>
                    {formatArticleDate(article.publishedAt, language)}
                  </time>
                  <h2 className="articles-card__title">
                    <Link to={articlePath(kind, article.id)} className="articles-card__link">
                      {article.title}
                    </Link>
                  </h2>
                  {article.summary && <p className="articles-card__summary">{article.summary}</p>}
                  <span className="articles-card__more" aria-hidden="true">
                    {t('articles.read')} →
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={data.pageNo}
            totalPages={data.totalPages}
            onPageChange={setPage}
            labels={{
              nav: t('articles.pager.nav'),
              previous: t('articles.pager.previous'),
              next: t('articles.pager.next'),
              page: (number) => t('articles.pager.page', { page: number }),
            }}
          />
        </>
      )}
    </div>
  );
}
