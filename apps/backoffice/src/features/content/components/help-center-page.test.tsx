import type { OperatorHelpCenter } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';
import { helpDraftOf, helpInputOf } from './help-center-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const center: OperatorHelpCenter = {
  categories: [
    {
      key: 'about',
      titles: { en: 'About us', bn: 'আমাদের সম্পর্কে' },
      articles: [
        {
          id: 1,
          category: 'about',
          anchor: 'about',
          enabled: true,
          texts: { en: { title: 'About us', content: '<p>Hi</p>' } },
        },
      ],
    },
    {
      key: 'faq',
      titles: { en: 'FAQ' },
      articles: [
        {
          id: 2,
          category: 'faq',
          anchor: 'deposit',
          enabled: true,
          texts: { en: { title: 'How do I deposit?', content: '<p>Open Deposit</p>' } },
        },
        {
          id: 3,
          category: 'faq',
          anchor: 'withdraw',
          enabled: false,
          texts: { en: { title: 'Withdraw', content: '' } },
        },
      ],
    },
  ],
};

describe('help article editor', () => {
  it('sends a new category with its names, and Bengali only with a title', () => {
    const draft = {
      ...helpDraftOf(null, null),
      newKey: ' Payments ',
      newTitleEn: 'Payments',
      anchor: 'Bkash',
      titleEn: ' bKash ',
      contentEn: '<p>x</p>',
    };
    expect(helpInputOf(draft)).toEqual({
      category: 'payments',
      categoryTitles: { en: 'Payments' },
      anchor: 'bkash',
      enabled: true,
      texts: { en: { title: 'bKash', content: '<p>x</p>' } },
    });
    const existing = helpInputOf(helpDraftOf(center.categories[1]?.articles[0] ?? null, 'about'));
    expect(existing).toMatchObject({ category: 'faq', anchor: 'deposit' });
    expect(existing).not.toHaveProperty('categoryTitles');
  });
});

describe('help centre page', () => {
  it('lists categories in order, moves one up, and saves an edited article', async () => {
    const orders: unknown[] = [];
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          'GET /bo/api/session/me': () => okResponse(meFixture('content')),
          'GET /bo/api/config': () => okResponse(configFixture()),
          'GET /bo/api/content/help': () => okResponse(center),
          'PUT /bo/api/content/help/order': ({ body }) => {
            orders.push(body);
            return okResponse(center);
          },
          'PUT /bo/api/content/help/articles/2': ({ body }) => {
            saved.push(body);
            return okResponse({ ...center.categories[1]?.articles[0], texts: (body as { texts: object }).texts });
          },
        }),
      ),
    );
    renderConsole('/content/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' }, { timeout: 5000 })).toBeTruthy();
    const faq = await screen.findByRole('region', { name: 'FAQ' });
    expect(within(faq).getByText('Hidden')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move About us up' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move FAQ up' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toEqual({
      categories: [
        { key: 'faq', articleIds: [2, 3] },
        { key: 'about', articleIds: [1] },
      ],
    });

    fireEvent.click(within(faq).getByRole('button', { name: 'Edit "How do I deposit?"' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit help article' });
    fireEvent.change(within(editor).getByLabelText(/^Title \(Bengali\)/, { selector: 'input' }), {
      target: { value: 'কিভাবে জমা করব?' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      category: 'faq',
      anchor: 'deposit',
      enabled: true,
      texts: {
        en: { title: 'How do I deposit?', content: '<p>Open Deposit</p>' },
        bn: { title: 'কিভাবে জমা করব?', content: '' },
      },
    });
    expect(await screen.findByText('Help article saved')).toBeTruthy();
  });

  it('keeps the page from roles without the help permission', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          'GET /bo/api/session/me': () => okResponse(meFixture('support')),
          'GET /bo/api/config': () => okResponse(configFixture()),
        }),
      ),
    );
    renderConsole('/content/help');
    expect(await screen.findByRole('link', { name: 'Site settings' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Help centre' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Help centre' })).toBeNull();
  });
});
