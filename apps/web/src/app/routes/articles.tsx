import type { ArticleKind } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ArticleDetailPage } from '@/features/articles/components/article-detail-page';
import { ArticleListPage } from '@/features/articles/components/article-list-page';
import { usePermission } from '@/lib/permission';
import '@/locales/articles';

/**
 * /news, /blog and /guide (spec section 2 "blog, news, beginner guide"): the section's article list; with an id
 * (/news/:id, …) one article, whose page sets the document title from the article. One route module for both, so
 * the first download carries one lazy entry for the three sections.
 */
export function ArticlesRoute({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation();
  const { info } = usePermission();
  const { id } = useParams();
  if (id !== undefined) {
    const parsed = /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
    return <ArticleDetailPage key={id} kind={kind} id={parsed} />;
  }
  return (
    <>
      <title>{`${t(`articles.kinds.${kind}`)} · ${info.siteName}`}</title>
      <ArticleListPage kind={kind} />
    </>
  );
}
