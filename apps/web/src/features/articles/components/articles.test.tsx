import type { Article, ArticleSummary } from '@portal/contract';
import { ToastProvider } from '@portal/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { permissionQueryKey } from '@/lib/permission';
import { envelopeResponse, failureResponse, mockApi, permissionFixture } from '@/testing/fixtures';
import { ArticleDetailPage } from './article-detail-page';
import { ArticleListPage } from './article-list-page';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function wrapper(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionQueryKey, permissionFixture());
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider labels={{ notifications: 'Notifications', dismiss: 'Dismiss' }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  {children}
                  <Location />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}

function summary(id: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id,
    kind: 'guide',
    title: `Guide ${id}`,
    summary: `Summary ${id}`,
    coverUrl: null,
    publishedAt: '2026-11-20T10:00:00.000Z',
    language: 'en',
    ...overrides,
  };
}

function serve(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = vi.fn(mockApi(routes));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

describe('article list page', () => {
  it('lists the section as cards linking to each article, with tabs between the sections', async () => {
    const fetchMock = serve({
      '/wps/content/articles': () =>
        envelopeResponse({
          content: [summary(1, { title: 'How to deposit' }), summary(2)],
          pageNo: 1,
          pageSize: 9,
          total: 2,
          totalPages: 1,
        }),
    });
    render(<ArticleListPage kind="guide" />, { wrapper: wrapper('/guide') });
    expect(screen.getByRole('heading', { level: 1, name: 'Beginner guide' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'How to deposit' });
    expect(link.getAttribute('href')).toBe('/guide/1');
    const tabs = screen.getByRole('navigation', { name: 'Article sections' });
    expect(within(tabs).getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/news');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ kind: 'guide', pageNo: '1', pageSize: '9' });
    // A single page needs no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('pages through the address, so a page can be linked', async () => {
    const fetchMock = serve({
      '/wps/content/articles': ({ url }) => {
        const pageNo = Number(url.searchParams.get('pageNo'));
        return envelopeResponse({
          content: [summary(pageNo * 10, { title: `On page ${pageNo}` })],
          pageNo,
          pageSize: 9,
          total: 12,
          totalPages: 2,
        });
      },
    });
    vi.stubGlobal('scrollTo', vi.fn());
    render(<ArticleListPage kind="news" />, { wrapper: wrapper('/news') });
    await screen.findByRole('link', { name: 'On page 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'On page 2' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/news?page=2');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows a translated empty state when the section has no articles', async () => {
    serve({
      '/wps/content/articles': () => envelopeResponse({ content: [], pageNo: 1, pageSize: 9, total: 0, totalPages: 0 }),
    });
    await i18n.changeLanguage('bn');
    render(<ArticleListPage kind="blog" />, { wrapper: wrapper('/blog') });
    expect(await screen.findByText('এখানে এখনও কিছু নেই')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'ব্লগ' })).toBeTruthy();
  });
});

describe('article detail page', () => {
  const article = (overrides: Partial<Article> = {}): Article => ({
    ...summary(5, { title: 'Responsible gaming' }),
    body: '<p onclick="alert(1)">Set a budget.</p><script>alert(2)</script>',
    ...overrides,
  });

  it('shows the article with its body cleaned once more before it is shown', async () => {
    serve({ '/wps/content/articles/5': () => envelopeResponse(article()) });
    const { container } = render(<ArticleDetailPage kind="guide" id={5} />, { wrapper: wrapper('/guide/5') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Responsible gaming' })).toBeTruthy();
    expect(screen.getByText('Set a budget.')).toBeTruthy();
    expect(container.innerHTML).not.toMatch(/onclick|<script/);
    expect(screen.getByRole('link', { name: 'Back to Beginner guide' }).getAttribute('href')).toBe('/guide');
    expect(screen.queryByText(/shown in English/)).toBeNull();
  });

  it('says when the article is shown in English because it has no text in the reader language', async () => {
    serve({ '/wps/content/articles/5': () => envelopeResponse(article({ language: 'en' })) });
    await i18n.changeLanguage('bn');
    render(<ArticleDetailPage kind="guide" id={5} />, { wrapper: wrapper('/guide/5') });
    expect(await screen.findByText('এই নিবন্ধটি এখনও আপনার ভাষায় নেই; ইংরেজিতে দেখানো হচ্ছে।')).toBeTruthy();
  });

  it('shows the translated not-found message for an unknown or unpublished article', async () => {
    serve({ '/wps/content/articles/404': () => failureResponse('CONTENT_ARTICLE_NOT_FOUND', 404) });
    render(<ArticleDetailPage kind="news" id={404} />, { wrapper: wrapper('/news/404') });
    expect(await screen.findByText('The article was not found or is not published')).toBeTruthy();
    expect(screen.getByText('Article not available')).toBeTruthy();
  });

  it('does not call the server for an id that is not a number', () => {
    const fetchMock = serve({});
    render(<ArticleDetailPage kind="news" id={Number.NaN} />, { wrapper: wrapper('/news/abc') });
    expect(screen.getByText('The article was not found or is not published')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
