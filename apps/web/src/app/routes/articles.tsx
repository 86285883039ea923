import type { ArticleKind } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ArticleDetailPage } from '@/features/articles/components/article-detail-page';
import { ArticleListPage } from '@/features/articles/components/article-list-page';
import { usePermission } from '@/lib/permission';
import '@/locales/articles';

/** /news, /blog and /guide (spec section 2 "blog, news, beginner guide"): the section's article list. */
export function ArticlesRoute({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation();
  const { info } = usePermission();
  return (
    <>
      <title>{`${t(`articles.kinds.${kind}`)} · ${info.siteName}`}</title>
      <ArticleListPage kind={kind} />
    </>
  );
}

/** /news/:id, /blog/:id and /guide/:id: one article (its page sets the document title from the article). */
export function ArticleRoute({ kind }: { kind: ArticleKind }) {
  const { id } = useParams();
  const parsed = /^\d{1,10}$/.test(id ?? '') ? Number(id) : Number.NaN;
  return <ArticleDetailPage key={id} kind={kind} id={parsed} />;
}
