import type { OperatorArticle } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, failureResponse, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';
import { articleDraftOf, articleInputOf } from './articles-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function article(overrides: Partial<OperatorArticle> = {}): OperatorArticle {
  return {
    id: 3,
    kind: 'guide',
    texts: {
      en: { title: 'How to deposit', summary: 'Three steps', body: '<p>Open Deposit</p>' },
      bn: { title: 'কীভাবে ডিপোজিট করবেন', summary: 'তিনটি ধাপ', body: '<p>ডিপোজিট খুলুন</p>' },
    },
    coverUrl: '/wps/content/media/guide-deposit.svg',
    published: false,
    publishAt: null,
    sort: 1,
    live: false,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    updatedBy: 'editor',
    ...overrides,
  };
}

describe('article editor', () => {
  it('turns the form into the request: trimmed texts, Bengali only with a title, no schedule when empty', () => {
    const draft = { ...articleDraftOf(null), kind: 'blog' as const, titleEn: ' Tips ', bodyEn: '<p>x</p>', sort: '4' };
    expect(articleInputOf(draft)).toEqual({
      kind: 'blog',
      coverUrl: null,
      published: false,
      publishAt: null,
      sort: 4,
      texts: { en: { title: 'Tips', summary: '', body: '<p>x</p>' } },
    });
    expect(articleInputOf(articleDraftOf(article())).texts.bn?.title).toBe('কীভাবে ডিপোজিট করবেন');
  });
});

describe('articles page', () => {
  it('lists articles with their state and publishes a draft', async () => {
    let stored = article();
    const fetchMock = vi.fn(
      mockApi({
        'GET /bo/api/session/me': () => okResponse(meFixture('content')),
        'GET /bo/api/config': () => okResponse(configFixture()),
        'GET /bo/api/content/articles': () => okResponse([stored]),
        'PUT /bo/api/content/articles/3/publish': ({ body }) => {
          stored = article({ published: (body as { published: boolean }).published, live: true });
          return okResponse(stored);
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderConsole('/content/articles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Articles' }, { timeout: 5000 })).toBeTruthy();
    const row = (await screen.findByText('How to deposit')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('Beginner guide')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/content/articles/3/publish'))).toBe(true),
    );
    await waitFor(() =>
      expect(within(screen.getByText('How to deposit').closest('tr') as HTMLElement).getByText('Live')).toBeTruthy(),
    );
  });

  it("shows the server's refusal under the field it names, and deletes an article only after confirming", async () => {
    let stored: OperatorArticle[] = [article()];
    const fetchMock = vi.fn(
      mockApi({
        'GET /bo/api/session/me': () => okResponse(meFixture('content')),
        'GET /bo/api/config': () => okResponse(configFixture()),
        'GET /bo/api/content/articles': () => okResponse(stored),
        'PUT /bo/api/content/articles/3': () =>
          failureResponse('VALIDATION_FAILED', 400, {
            issues: [{ path: 'body.coverUrl', message: 'Not an image address' }],
          }),
        'DELETE /bo/api/content/articles/3': () => {
          stored = [];
          return okResponse({ deleted: true });
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderConsole('/content/articles');
    const row = (await screen.findByText('How to deposit', undefined, { timeout: 5000 })).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit article' });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    // The request's "body." is left off: the message stands under the cover field.
    expect(await within(editor).findByText('Not an image address')).toBeTruthy();
    // The dialog's close button is named Cancel too; the form's own is the last.
    fireEvent.click(within(editor).getAllByRole('button', { name: 'Cancel' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit article' })).toBeNull());

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this article?' });
    expect(within(confirm).getByText('"How to deposit" disappears for players at once.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No articles yet.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Delete this article?' })).toBeNull();
  });

  it('sends an operator without the content permission away from the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          'GET /bo/api/session/me': () => okResponse(meFixture('finance')),
          'GET /bo/api/config': () => okResponse(configFixture()),
        }),
      ),
    );
    renderConsole('/content/articles');
    // The console's navigation is there (the session loaded), but not the articles entry nor the page.
    expect(await screen.findByRole('link', { name: 'Site settings' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Articles' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'News, blog and guides' })).toBeNull();
  });
});
