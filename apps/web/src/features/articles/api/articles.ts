import {
  type Article,
  type ArticleKind,
  type ArticlePage,
  articlePageSchema,
  articlePageSize,
  articleSchema,
  calls,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';

/**
 * One page of published articles of a kind. `language` only keys the cache: the client sends the current
 * language in the Language header, so a language change loads that language's texts.
 */
export function useArticles(kind: ArticleKind, pageNo: number) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['articles', 'list', kind, pageNo, language] as const,
    queryFn: ({ signal }): Promise<ArticlePage> =>
      apiCall(calls.articles, {
        query: { kind, pageNo, pageSize: articlePageSize },
        schema: articlePageSchema,
        signal,
      }),
    // The previous page stays on screen while the next loads, so the pager does not jump.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One published article; an unknown or unpublished id fails with CONTENT_ARTICLE_NOT_FOUND. */
export function useArticle(id: number) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['articles', 'detail', id, language] as const,
    queryFn: ({ signal }): Promise<Article> =>
      apiCall(
        { ...calls.articleDetail, path: calls.articleDetail.path.replace(':id', String(id)) },
        { schema: articleSchema, signal },
      ),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
    staleTime: 60_000,
  });
}
