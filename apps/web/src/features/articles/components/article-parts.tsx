import type { ArticleKind, ShippedLanguage } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { IconDocument } from '@portal/ui/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { languageLocales } from '@/lib/i18n';
import '@/locales/articles';

/** The three article sections in the order the tabs show them, and where each lives. */
export const articleSections: readonly { kind: ArticleKind; path: string }[] = [
  { kind: 'news', path: '/news' },
  { kind: 'blog', path: '/blog' },
  { kind: 'guide', path: '/guide' },
];

export const articlePath = (kind: ArticleKind, id?: number) => (id === undefined ? `/${kind}` : `/${kind}/${id}`);

/** The publishing day in the reader's language conventions (no time: an article is dated, not timed). */
export function formatArticleDate(value: string, language: ShippedLanguage): string {
  return new Intl.DateTimeFormat(languageLocales[language], { dateStyle: 'long' }).format(new Date(value));
}

/** News, Blog, Beginner guide as tabs between the sections (links, so each has its own address). */
export function ArticleTabs() {
  const { t } = useTranslation();
  return (
    <nav className="articles-tabs" aria-label={t('articles.sections')}>
      {articleSections.map((section) => (
        <NavLink
          key={section.kind}
          to={section.path}
          className={({ isActive }) => cx('articles-tabs__tab', isActive && 'is-active')}
        >
          {t(`articles.kinds.${section.kind}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * An article's cover, decorative (the title says what the article is): sized up front (3:1, the banners' proportion) so nothing moves
 * when it loads; without a cover, or when it cannot be loaded, a drawn tile takes its place instead of a broken
 * image.
 */
export function ArticleCover({
  src,
  eager = false,
  className,
}: {
  src: string | null;
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className={cx('articles-cover', 'articles-cover--plain', className)} aria-hidden="true">
        <IconDocument size={36} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={1200}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cx('articles-cover', className)}
      onError={() => setFailed(true)}
    />
  );
}
