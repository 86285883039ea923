import { type ArticleInput, catalogues } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing';
import { demoArticles } from './content.articles.seed';
import { contentArticles } from './content.tables';

const operator = { username: 'editor' };

const hostile =
  '<p onclick="steal()">Read <a href="javascript:alert(1)">this</a> <img src="x.png" onerror="alert(2)"></p><script>alert(4)</script><iframe src="https://evil.example"></iframe><a href="https://ok.example">ok</a>';

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|<iframe|onclick|onerror|javascript:/i);
}

function article(overrides: Partial<ArticleInput> = {}): ArticleInput {
  return {
    kind: 'news',
    published: true,
    texts: {
      en: { title: 'Hello', summary: 'Short', body: '<p>Body</p>' },
      bn: { title: 'হ্যালো', summary: 'সংক্ষেপ', body: '<p>লেখা</p>' },
    },
    ...overrides,
  };
}

const list = (app: FastifyInstance, query: string, language = 'en') =>
  app.inject({ method: 'GET', url: `/wps/content/articles${query}`, headers: { language } });
const detail = (app: FastifyInstance, id: number | string, language = 'en') =>
  app.inject({ method: 'GET', url: `/wps/content/articles/${id}`, headers: { language } });

describe('content: articles', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ rateLimitPerMinute: 100_000 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('seeds the demo articles once and lists them by kind in the asked language', async () => {
    const first = await app.services.content.seedArticles(demoArticles);
    expect(first).toBe(demoArticles.length);
    expect(await app.services.content.seedArticles(demoArticles)).toBe(0);

    const guides = await list(app, '?kind=guide');
    expect(guides.statusCode, guides.body).toBe(200);
    const page = guides.json().value;
    expect(page.total).toBe(demoArticles.filter((item) => item.input.kind === 'guide').length);
    // Guides keep the operator's order (sort), not the newest first.
    expect(page.content.map((item: { title: string }) => item.title)).toEqual([
      'How to make your first deposit',
      'How to withdraw your winnings',
      'Responsible gaming: keep it fun',
    ]);
    expect(page.content.every((item: { kind: string }) => item.kind === 'guide')).toBe(true);

    const bn = await list(app, '?kind=guide', 'bn');
    expect(bn.json().value.content[0]).toMatchObject({ title: 'কীভাবে প্রথম ডিপোজিট করবেন', language: 'bn' });

    const paged = await list(app, '?pageSize=2&pageNo=2');
    expect(paged.json().value).toMatchObject({ pageNo: 2, pageSize: 2, content: expect.any(Array) });
    expect(paged.json().value.content).toHaveLength(2);
    expect(paged.json().value.totalPages).toBe(Math.ceil(paged.json().value.total / 2));
  });

  it('strips script from article HTML when it is stored and again when it is shown', async () => {
    const created = await app.services.content.createArticle(
      article({ texts: { en: { title: 'Unsafe', summary: '', body: hostile } } }),
      operator,
    );
    const [stored] = await app.database.db.select().from(contentArticles).where(eq(contentArticles.id, created.id));
    expectClean(stored?.texts.en?.body ?? '');
    expect(stored?.texts.en?.body).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">');

    // A row written behind the service's back (or before a rule was tightened) is cleaned on the way out.
    await app.database.db
      .update(contentArticles)
      .set({ texts: { en: { title: 'Unsafe', summary: '', body: hostile } } })
      .where(eq(contentArticles.id, created.id));
    const shown = await detail(app, created.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expectClean(shown.json().value.body);
    expect(shown.json().value.body).toContain('Read');
  });

  it('hides unpublished and scheduled articles from players', async () => {
    const draft = await app.services.content.createArticle(
      article({ kind: 'blog', published: false, texts: { en: { title: 'Draft post', summary: '', body: '' } } }),
      operator,
    );
    const later = await app.services.content.createArticle(
      article({
        kind: 'blog',
        publishAt: new Date(Date.now() + 3_600_000).toISOString(),
        texts: { en: { title: 'Tomorrow post', summary: '', body: '' } },
      }),
      operator,
    );
    const due = await app.services.content.createArticle(
      article({
        kind: 'blog',
        publishAt: new Date(Date.now() - 60_000).toISOString(),
        texts: { en: { title: 'Due post', summary: '', body: '' } },
      }),
      operator,
    );
    const titles = (await list(app, '?kind=blog&pageSize=50'))
      .json()
      .value.content.map((item: { title: string }) => item.title);
    expect(titles).toContain('Due post');
    expect(titles).not.toContain('Draft post');
    expect(titles).not.toContain('Tomorrow post');

    for (const hidden of [draft, later]) {
      const response = await detail(app, hidden.id);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('CONTENT_ARTICLE_NOT_FOUND');
    }
    expect((await detail(app, due.id)).statusCode).toBe(200);

    // Withdrawing a published article hides it again.
    await app.services.content.setArticlePublished(due.id, false, operator);
    expect((await detail(app, due.id)).statusCode).toBe(404);
  });

  it('answers an unknown id with a translated not-found error', async () => {
    const en = await detail(app, 999_999);
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({
      success: false,
      code: 'CONTENT_ARTICLE_NOT_FOUND',
      message: 'The article was not found or is not published',
    });
    const bn = await detail(app, 999_999, 'bn');
    expect(bn.json().message).toBe(catalogues.bn.errors.CONTENT_ARTICLE_NOT_FOUND);
    expect(bn.json().message).not.toBe(en.json().message);
    expect((await detail(app, 'abc')).statusCode).toBe(400);
  });

  it('falls back to English when an article has no text in the asked language', async () => {
    const englishOnly = await app.services.content.createArticle(
      article({ kind: 'guide', texts: { en: { title: 'English only', summary: 'In English', body: '<p>EN</p>' } } }),
      operator,
    );
    const shown = await detail(app, englishOnly.id, 'bn');
    expect(shown.statusCode).toBe(200);
    expect(shown.json().value).toMatchObject({ title: 'English only', body: '<p>EN</p>', language: 'en' });
    const both = await app.services.content.createArticle(article({ kind: 'guide' }), operator);
    expect((await detail(app, both.id, 'bn')).json().value).toMatchObject({ title: 'হ্যালো', language: 'bn' });
  });

  it('refuses an unsafe cover URL and never serves one', async () => {
    await expect(
      app.services.content.createArticle(article({ coverUrl: 'javascript:alert(1)' }), operator),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const created = await app.services.content.createArticle(article({ coverUrl: '/covers/a.png' }), operator);
    await app.database.db
      .update(contentArticles)
      .set({ coverUrl: '//evil.example/x.png' })
      .where(eq(contentArticles.id, created.id));
    expect((await detail(app, created.id)).json().value.coverUrl).toBeNull();
  });
});
