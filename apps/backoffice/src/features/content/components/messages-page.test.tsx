import type { OperatorFeedback, OperatorHelpCenter } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';
import { moved, orderOf } from './help-center-page';
import { emptySegment, segmentInputOf } from './messages-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function field(label: RegExp): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
}

describe('segment form', () => {
  it('sends "until" a day as the start of the next day, and the agent only when named', () => {
    const input = segmentInputOf({ ...emptySegment, registeredTo: '2030-03-31', wholeDownline: true });
    expect(input.registeredTo).toBe(new Date('2030-04-01T00:00').toISOString());
    expect(input).toMatchObject({ uplineUsername: null, wholeDownline: false, deposit: 'any', depositDays: 30 });
    expect(segmentInputOf({ ...emptySegment, uplineUsername: ' agent7 ', wholeDownline: true })).toMatchObject({
      uplineUsername: 'agent7',
      wholeDownline: true,
    });
  });
});

describe('inbox messages page', () => {
  it('sorts sent messages and feedback on the server from their column headers', async () => {
    const fetchMock = vi.fn(
      mockApi({
        'GET /bo/api/session/me': () => okResponse(meFixture('owner')),
        'GET /bo/api/config': () => okResponse(configFixture()),
        'GET /bo/api/content/messages': () =>
          okResponse({ content: [], pageNo: 1, pageSize: 20, total: 0, totalPages: 0 }),
        'GET /bo/api/content/feedback': () =>
          okResponse({ content: [], pageNo: 1, pageSize: 20, total: 0, totalPages: 0 }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const lastQuery = (path: string) => {
      const urls = fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((url) => url.pathname === path);
      const last = urls.at(-1)?.searchParams;
      return `${last?.get('sort')} ${last?.get('order')} ${last?.get('pageNo')}`;
    };
    const view = renderConsole('/content/messages');
    const title = await screen.findByRole('columnheader', { name: 'Title' }, { timeout: 5000 });
    expect(lastQuery('/bo/api/content/messages')).toBe('createdAt desc 1');
    fireEvent.click(within(title).getByRole('button'));
    await waitFor(() => expect(lastQuery('/bo/api/content/messages')).toBe('title asc 1'));
    expect(title.getAttribute('aria-sort')).toBe('ascending');
    view.unmount();

    renderConsole('/content/feedback');
    const type = await screen.findByRole('columnheader', { name: 'Type' }, { timeout: 5000 });
    expect(lastQuery('/bo/api/content/feedback')).toBe('createdAt desc 1');
    fireEvent.click(within(type).getByRole('button'));
    await waitFor(() => expect(lastQuery('/bo/api/content/feedback')).toBe('type asc 1'));
    fireEvent.click(within(type).getByRole('button'));
    await waitFor(() => expect(lastQuery('/bo/api/content/feedback')).toBe('type desc 1'));
  });

  it('counts a segment before it sends, then sends to it after the operator confirms the number', async () => {
    const sentBodies: unknown[] = [];
    const audienceBodies: unknown[] = [];
    const fetchMock = vi.fn(
      mockApi({
        'GET /bo/api/session/me': () => okResponse(meFixture('support')),
        'GET /bo/api/config': () => okResponse(configFixture()),
        'GET /bo/api/content/messages': () =>
          okResponse({ content: [], pageNo: 1, pageSize: 20, total: 0, totalPages: 0 }),
        'POST /bo/api/content/messages/audience': ({ body }) => {
          audienceBodies.push(body);
          return okResponse({ recipients: 1234 });
        },
        'POST /bo/api/content/messages': ({ body }) => {
          sentBodies.push(body);
          const segment = { ...(body as { to: { segment: object } }).to.segment };
          return okResponse({
            id: 9,
            to: { segment, recipients: 1234 },
            title: 'Team bonus',
            content: 'Ready',
            createdAt: '2030-01-01T00:00:00.000Z',
            createdBy: 'support.op',
          });
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderConsole('/content/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox messages' }, { timeout: 5000 })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'A segment' }));
    expect(screen.getByText('Count the recipients before sending.')).toBeTruthy();
    fireEvent.change(field(/^In an agent's downline/), { target: { value: 'agent7' } });
    fireEvent.click(screen.getByLabelText('Every level below the agent (not only direct)'));
    fireEvent.change(screen.getByLabelText('Deposits'), { target: { value: 'never' } });
    fireEvent.click(screen.getByRole('button', { name: 'Count recipients' }));
    expect(await screen.findByText('This will reach 1,234 members.')).toBeTruthy();
    expect(audienceBodies[0]).toMatchObject({ uplineUsername: 'agent7', wholeDownline: true, deposit: 'never' });

    fireEvent.change(field(/^Title/), { target: { value: 'Team bonus' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Ready' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send to this segment?' });
    expect(within(confirm).getByText('"Team bonus" goes to the inboxes of 1,234 members.')).toBeTruthy();
    expect(sentBodies).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send to 1,234 members' }));
    await waitFor(() => expect(sentBodies).toHaveLength(1));
    expect(sentBodies[0]).toMatchObject({
      to: { segment: { uplineUsername: 'agent7', wholeDownline: true, deposit: 'never', kinds: ['member'] } },
      title: 'Team bonus',
      content: 'Ready',
    });
    expect(await screen.findByText('Message sent to 1,234 members')).toBeTruthy();
  });
});

function feedback(overrides: Partial<OperatorFeedback> = {}): OperatorFeedback {
  return {
    id: 4,
    type: 1,
    content: 'My deposit is late',
    sender: 'rahim',
    accountId: 12,
    status: 'open',
    createdAt: '2030-01-01T00:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    reply: null,
    ...overrides,
  };
}

describe('feedback page', () => {
  it("replies to a member's feedback, and tells that a visitor cannot be answered", async () => {
    let stored = [feedback(), feedback({ id: 5, sender: 'Guest', accountId: null, content: 'Nice site' })];
    const replies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          'GET /bo/api/session/me': () => okResponse(meFixture('support')),
          'GET /bo/api/config': () => okResponse(configFixture()),
          'GET /bo/api/content/feedback': () =>
            okResponse({ content: stored, pageNo: 1, pageSize: 20, total: stored.length, totalPages: 1 }),
          'POST /bo/api/content/feedback/4/reply': ({ body }) => {
            replies.push(body);
            const answered = feedback({
              status: 'resolved',
              resolvedBy: 'support.op',
              reply: { content: 'Credited now', createdAt: '2030-01-01T01:00:00.000Z', createdBy: 'support.op' },
            });
            stored = [answered, ...stored.slice(1)];
            return okResponse(answered);
          },
        }),
      ),
    );
    renderConsole('/content/feedback');
    const visitorRow = (await screen.findByText('Nice site', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(visitorRow).getByText(/there is no inbox to reply to/)).toBeTruthy();
    expect(within(visitorRow).queryByRole('button', { name: 'Reply' })).toBeNull();

    const memberRow = screen.getByText('My deposit is late').closest('tr') as HTMLElement;
    fireEvent.click(within(memberRow).getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to rahim' });
    fireEvent.change(within(dialog).getByLabelText('Your reply'), { target: { value: 'Credited now' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(replies).toEqual([{ content: 'Credited now' }]));
    expect(await screen.findByText("Reply sent to the member's inbox")).toBeTruthy();
  });
});

describe('help centre order', () => {
  it('moves a category or an article one place and sends the whole order', () => {
    const center: OperatorHelpCenter = {
      categories: [
        {
          key: 'about',
          titles: { en: 'About' },
          articles: [{ id: 1, category: 'about', anchor: 'a', enabled: true, texts: {} }],
        },
        {
          key: 'faq',
          titles: { en: 'FAQ' },
          articles: [
            { id: 2, category: 'faq', anchor: 'b', enabled: true, texts: {} },
            { id: 3, category: 'faq', anchor: 'c', enabled: true, texts: {} },
          ],
        },
      ],
    };
    expect(orderOf(moved(center.categories, 1, -1))).toEqual({
      categories: [
        { key: 'faq', articleIds: [2, 3] },
        { key: 'about', articleIds: [1] },
      ],
    });
    expect(moved([2, 3], 1, 1)).toEqual([2, 3]);
    expect(moved([2, 3], 0, 1)).toEqual([3, 2]);
  });
});
