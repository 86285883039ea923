import { z } from 'zod';

/**
 * Articles: news, blog and beginner guides, for players and for operators. Apart from content.ts so that the home
 * page, which loads the announcement schemas, does not build these.
 */

const isoDate = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------------------
// Articles: news, blog and beginner guides (spec section 2 names the pages "blog, news, beginner guide")
// ---------------------------------------------------------------------------------------------------------

export const articleKinds = ['news', 'blog', 'guide'] as const;
export type ArticleKind = (typeof articleKinds)[number];
export const articleKindSchema = z.enum(articleKinds);

/** Articles per page of the public lists. */
export const articlePageSize = 9;
/** Longest stored article body (sanitised HTML). */
export const articleBodyMax = 40_000;

/** One article as a list shows it, in the request's language (English when it has no text in that language). */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  kind: articleKindSchema,
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  publishedAt: z.string(),
  /** The language the texts are in (the asked one, or English when the article has none in it). */
  language: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** One article with its sanitised HTML body. */
export const articleSchema = articleSummarySchema.extend({ body: z.string() });
export type Article = z.infer<typeof articleSchema>;

/** `GET /wps/content/articles`: published articles of a kind (or all), newest first, paged. */
export const articleListQuerySchema = z.object({
  kind: articleKindSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(articlePageSize),
});
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;
export const articlePageSchema = z.object({
  content: z.array(articleSummarySchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type ArticlePage = z.infer<typeof articlePageSchema>;
export const articleIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const articleTextSchema = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500).default(''),
  body: z.string().max(articleBodyMax),
});
export type ArticleText = z.infer<typeof articleTextSchema>;

/**
 * An article as operators write it: texts per language (EN required), a cover image, whether it is published
 * and from when (a future `publishAt` schedules it), and its place in the list (lower `sort` first, then newest).
 */
export const articleInputSchema = z.strictObject({
  kind: articleKindSchema,
  texts: z.object({ en: articleTextSchema, bn: articleTextSchema.optional() }),
  coverUrl: z.string().trim().max(500).nullable().default(null),
  published: z.boolean().default(false),
  publishAt: isoDate.nullable().default(null),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type ArticleInput = z.input<typeof articleInputSchema>;

/** An article as the back office lists it: every language, and whether players see it now. */
export const operatorArticleSchema = z.object({
  id: z.number().int(),
  kind: articleKindSchema,
  texts: z.record(z.string(), z.object({ title: z.string(), summary: z.string(), body: z.string() })),
  coverUrl: z.string().nullable(),
  published: z.boolean(),
  publishAt: z.string().nullable(),
  sort: z.number().int(),
  live: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type OperatorArticle = z.infer<typeof operatorArticleSchema>;
export const operatorArticleListSchema = z.array(operatorArticleSchema);
export const operatorArticleQuerySchema = z.object({ kind: articleKindSchema.optional() });
/** Publishes or withdraws an article without touching its texts. */
export const articlePublishInputSchema = z.strictObject({ published: z.boolean() });
