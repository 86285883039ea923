import {
  type Article,
  type ArticleInput,
  type ArticleKind,
  type ArticleListQuery,
  type ArticlePage,
  type ArticleSummary,
  articleInputSchema,
  articleListQuerySchema,
  interpolate,
  lookupMessage,
  type OperatorArticle,
  resolveLanguage,
} from '@portal/contract';
import type { Db } from '../../platform/db';
import { isSafeContentUrl, sanitizeOperatorHtml } from '../../platform/html/sanitize';
import { AppError } from '../../platform/http/app-error';
import * as repo from './content.repository';
import type { ArticleText } from './content.tables';

export type ArticleServiceDeps = {
  db: Db;
  merchantCode: string;
  now: () => Date;
};

/** The article seeded for the demo, stored once by its seed key. */
export type SeedArticle = { seedKey: string; input: ArticleInput; publishedDaysAgo: number };

/**
 * News, blog and beginner-guide articles: what players may read (published, and past their publish time) and
 * the operator's editing. Bodies are HTML from the back office, so they are sanitised with the announcements'
 * allow-list before they are stored and again whenever they are served (ARCHITECTURE.md section 8).
 */
export function createArticleService(deps: ArticleServiceDeps) {
  const { db, merchantCode, now } = deps;

  function isLive(row: repo.ArticleRow, at: Date): boolean {
    return row.published && (!row.publishAt || row.publishAt <= at);
  }

  /** The texts in the asked language, else English (every article has English), with the language used. */
  function textFor(row: repo.ArticleRow, language: string | undefined): { text: ArticleText; language: string } {
    const wanted = resolveLanguage(language);
    const own = row.texts[wanted];
    if (own) return { text: own, language: wanted };
    const fallback = row.texts.en ?? Object.values(row.texts)[0] ?? { title: '', summary: '', body: '' };
    return { text: fallback, language: row.texts.en ? 'en' : (Object.keys(row.texts)[0] ?? 'en') };
  }

  const cover = (url: string | null) => (url && isSafeContentUrl(url) ? url : null);
  const publishedAt = (row: repo.ArticleRow) => (row.publishAt ?? row.createdAt).toISOString();

  function toSummary(row: repo.ArticleRow, language: string | undefined): ArticleSummary {
    const chosen = textFor(row, language);
    return {
      id: row.id,
      kind: row.kind as ArticleKind,
      title: chosen.text.title,
      summary: chosen.text.summary,
      coverUrl: cover(row.coverUrl),
      publishedAt: publishedAt(row),
      language: chosen.language,
    };
  }

  function toArticle(row: repo.ArticleRow, language: string | undefined): Article {
    const chosen = textFor(row, language);
    // Sanitised again on the way out: the stored HTML is not trusted to be clean.
    return { ...toSummary(row, language), body: sanitizeOperatorHtml(chosen.text.body) };
  }

  function toOperatorArticle(row: repo.ArticleRow): OperatorArticle {
    const texts: OperatorArticle['texts'] = {};
    for (const [language, value] of Object.entries(row.texts)) {
      texts[language] = { title: value.title, summary: value.summary, body: sanitizeOperatorHtml(value.body) };
    }
    return {
      id: row.id,
      kind: row.kind as ArticleKind,
      texts,
      coverUrl: row.coverUrl,
      published: row.published,
      publishAt: row.publishAt ? row.publishAt.toISOString() : null,
      sort: row.sort,
      live: isLive(row, now()),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy,
    };
  }

  /**
   * Checks and cleans an operator's article: the cover must be an http(s) URL or a path on this site; the HTML
   * is sanitised before it is stored.
   * @throws VALIDATION_FAILED with an issue for a bad cover URL.
   */
  function prepare(raw: ArticleInput, language: string | undefined) {
    const input = articleInputSchema.parse(raw);
    if (input.coverUrl && !isSafeContentUrl(input.coverUrl)) {
      throw new AppError('VALIDATION_FAILED', {}, [
        {
          path: 'body.coverUrl',
          code: 'invalid',
          message: interpolate(lookupMessage(language, 'validation.invalid') ?? 'validation.invalid', {}),
        },
      ]);
    }
    const texts: Record<string, ArticleText> = {};
    for (const [lang, value] of Object.entries(input.texts)) {
      if (value) {
        texts[lang] = {
          title: value.title.trim(),
          summary: value.summary.trim(),
          body: sanitizeOperatorHtml(value.body),
        };
      }
    }
    return {
      kind: input.kind,
      texts,
      coverUrl: input.coverUrl || null,
      published: input.published,
      publishAt: input.publishAt ? new Date(input.publishAt) : null,
      sort: input.sort,
    };
  }

  const notFound = (id: number) => new AppError('CONTENT_ARTICLE_NOT_FOUND', { id });

  return {
    /** `GET /wps/content/articles`: the live articles of a kind (or all) in the caller's language, paged. */
    async listArticles(query: ArticleListQuery, language: string | undefined): Promise<ArticlePage> {
      const { kind, pageNo, pageSize } = articleListQuerySchema.parse(query);
      const { rows, total } = await repo.listLiveArticles(
        db,
        merchantCode,
        { kind, at: now() },
        { offset: (pageNo - 1) * pageSize, limit: pageSize },
      );
      return {
        content: rows.map((row) => toSummary(row, language)),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    /**
     * One live article.
     * @throws CONTENT_ARTICLE_NOT_FOUND when there is none with this id, or it is unpublished or not yet due.
     */
    async getArticle(id: number, language: string | undefined): Promise<Article> {
      const row = await repo.findArticle(db, merchantCode, id);
      if (!row || !isLive(row, now())) throw notFound(id);
      return toArticle(row, language);
    },

    async listOperatorArticles(kind?: ArticleKind): Promise<OperatorArticle[]> {
      return (await repo.listArticles(db, merchantCode, kind)).map(toOperatorArticle);
    },

    /** @throws CONTENT_ARTICLE_NOT_FOUND */
    async getOperatorArticle(id: number): Promise<OperatorArticle> {
      const row = await repo.findArticle(db, merchantCode, id);
      if (!row) throw notFound(id);
      return toOperatorArticle(row);
    },

    /** @throws VALIDATION_FAILED */
    async createArticle(input: ArticleInput, operator: { username: string }, language?: string) {
      const values = prepare(input, language);
      const at = now();
      const row = await repo.insertArticle(db, {
        ...values,
        merchantCode,
        createdAt: at,
        updatedAt: at,
        updatedBy: operator.username,
      });
      if (!row) throw new Error('article insert returned nothing');
      return toOperatorArticle(row);
    },

    /** @throws CONTENT_ARTICLE_NOT_FOUND, VALIDATION_FAILED */
    async updateArticle(id: number, input: ArticleInput, operator: { username: string }, language?: string) {
      const values = prepare(input, language);
      const row = await repo.updateArticle(db, merchantCode, id, {
        ...values,
        updatedAt: now(),
        updatedBy: operator.username,
      });
      if (!row) throw notFound(id);
      return toOperatorArticle(row);
    },

    /** Publishes or withdraws an article, keeping its texts and schedule. @throws CONTENT_ARTICLE_NOT_FOUND */
    async setArticlePublished(id: number, published: boolean, operator: { username: string }) {
      const row = await repo.updateArticle(db, merchantCode, id, {
        published,
        updatedAt: now(),
        updatedBy: operator.username,
      });
      if (!row) throw notFound(id);
      return toOperatorArticle(row);
    },

    /** @throws CONTENT_ARTICLE_NOT_FOUND */
    async deleteArticle(id: number): Promise<void> {
      if (!(await repo.deleteArticle(db, merchantCode, id))) throw notFound(id);
    },

    /** Inserts seeded articles once (by seed key), dated `publishedDaysAgo` before now; for the demo seed. */
    async seedArticles(items: readonly SeedArticle[]): Promise<number> {
      let inserted = 0;
      for (const item of items) {
        const values = prepare(item.input, 'en');
        const at = now();
        const dated = new Date(at.getTime() - item.publishedDaysAgo * 86_400_000);
        const row = await repo.insertArticle(db, {
          ...values,
          publishAt: values.publishAt ?? dated,
          merchantCode,
          seedKey: item.seedKey,
          createdAt: dated,
          updatedAt: at,
          updatedBy: null,
        });
        if (row) inserted += 1;
      }
      return inserted;
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
