import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

const article = {
  kind: 'guide',
  texts: {
    en: {
      title: 'How to deposit',
      summary: 'Three steps',
      body: '<p onclick="x()">Open Deposit <script>alert(1)</script><a href="javascript:1">x</a></p>',
    },
    bn: { title: 'কীভাবে ডিপোজিট করবেন', summary: 'তিনটি ধাপ', body: '<p>ডিপোজিট খুলুন</p>' },
  },
};

describe('back office: articles', () => {
  let bo: BackofficeTestApp;
  let owner: string;
  let content: string;
  let support: string;
  let finance: string;

  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
    owner = await bo.signIn('owner');
    content = await createOperatorAndSignIn(bo, owner, 'writer1', 'content');
    support = await createOperatorAndSignIn(bo, owner, 'helper2', 'support');
    finance = await createOperatorAndSignIn(bo, owner, 'money2', 'finance');
  });
  afterAll(async () => {
    await bo.app.close();
  });

  it('lets the content role create, publish, edit and delete articles, sanitised and audited', async () => {
    const created = await bo.call('POST', '/content/articles', { cookie: content, body: article });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().value;
    expect(created.json().value).toMatchObject({ kind: 'guide', published: false, live: false, updatedBy: 'writer1' });
    expect(created.json().value.texts.en.body).toBe('<p>Open Deposit <a>x</a></p>');

    const player = () => bo.app.inject({ method: 'GET', url: `/wps/content/articles/${id}` });
    expect((await player()).statusCode).toBe(404);

    const published = await bo.call('PUT', `/content/articles/${id}/publish`, {
      cookie: content,
      body: { published: true },
    });
    expect(published.json().value).toMatchObject({ published: true, live: true });
    expect((await player()).json().value.title).toBe('How to deposit');

    const edited = await bo.call('PUT', `/content/articles/${id}`, {
      cookie: content,
      body: { ...article, published: true, texts: { ...article.texts, en: { ...article.texts.en, title: 'Deposit' } } },
    });
    expect(edited.json().value.texts.en.title).toBe('Deposit');
    const listed = await bo.call('GET', '/content/articles?kind=guide', { cookie: content });
    expect(listed.json().value.map((item: { id: number }) => item.id)).toContain(id);

    expect((await bo.call('DELETE', `/content/articles/${id}`, { cookie: content })).statusCode).toBe(200);
    const gone = await bo.call('GET', `/content/articles/${id}`, { cookie: content });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('CONTENT_ARTICLE_NOT_FOUND');

    const audit = await bo.call('GET', '/audit', { cookie: owner });
    const actions = audit.json().value.items.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'content.article.created',
        'content.article.published',
        'content.article.updated',
        'content.article.deleted',
      ]),
    );
  });

  it('refuses article editing without the content permission', async () => {
    for (const cookie of [support, finance]) {
      const listed = await bo.call('GET', '/content/articles', { cookie });
      expect(listed.statusCode).toBe(403);
      expect(listed.json().code).toBe('BO_FORBIDDEN');
      expect((await bo.call('POST', '/content/articles', { cookie, body: article })).statusCode).toBe(403);
    }
    expect((await bo.call('GET', '/content/articles')).statusCode).toBe(401);
    const count = await bo.call('GET', '/content/articles', { cookie: content });
    expect(count.json().value).toEqual([]);
  });
});
