import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

/**
 * Issue 7 of the back office's content area: inbox messages to a segment (previewed, one copy per member, audited),
 * replies to feedback (delivered to the member's inbox once, the feedback resolved; visitors cannot be answered) and
 * the help centre's editing (per language, sanitised, reordered, the portal's answer changed at once).
 */

const day = 86_400_000;

describe('back office: content reach (segments, feedback replies, help centre)', () => {
  let bo: BackofficeTestApp;
  let owner: string;
  let content: string;
  let support: string;
  const ids: Record<string, number> = {};

  /** Creates an account and backdates its registration. */
  async function account(username: string, type: number, registeredDaysAgo: number, uplineId: number | null = null) {
    const created = await bo.app.services.identity.createAccount({
      username,
      password: 'Secret#2026',
      type,
      uplineId,
    });
    const at = new Date(bo.clock.now().getTime() - registeredDaysAgo * day).toISOString();
    await bo.app.database.db.execute(
      sql`update identity_accounts set created_at = ${at}::timestamptz where id = ${created.id}`,
    );
    ids[username] = created.id;
    return created;
  }

  /** An approved deposit made some days ago (the cashier's own tests cover how deposits get approved). */
  async function deposit(accountId: number, daysAgo: number) {
    const at = new Date(bo.clock.now().getTime() - daysAgo * day).toISOString();
    await bo.app.database.db.execute(sql`
      insert into wallet_deposits (merchant_code, account_id, channel_code, type, amount, currency, status, client_key,
        request_hash, created_at, completed_at)
      values ('DEMO', ${accountId}, 'MANUAL_BANK', 'MANUAL', 10000, 'BDT', 'approved', ${`seg-${accountId}-${daysAgo}`},
        'x', ${at}::timestamptz, ${at}::timestamptz)
    `);
  }

  async function memberToken(username: string): Promise<string> {
    return (await bo.app.services.identity.login({ username, password: 'Secret#2026' }, { ip: '10.7.7.7' })).token;
  }

  async function inbox(username: string, language = 'en') {
    const response = await bo.app.inject({
      method: 'GET',
      url: '/wps/member/messages?pageNo=1&pageSize=50',
      headers: { authorization: await memberToken(username), language },
    });
    return response;
  }

  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
    owner = await bo.signIn('owner');
    content = await createOperatorAndSignIn(bo, owner, 'helpeditor', 'content');
    support = await createOperatorAndSignIn(bo, owner, 'segsupport', 'support');
    // An agent with a sub-agent; members below both, registered at different times, with and without deposits.
    const agent = await account('seg_agent', 1, 400);
    const sub = await account('seg_sub', 1, 300, agent.id);
    await account('seg_new_dep', 0, 5, agent.id);
    await account('seg_new_nodep', 0, 3, agent.id);
    await account('seg_old_dep', 0, 200, sub.id);
    await account('seg_old_olddep', 0, 250);
    await deposit(ids.seg_new_dep as number, 2);
    await deposit(ids.seg_old_dep as number, 10);
    await deposit(ids.seg_old_olddep as number, 120);
  }, 120_000);

  afterAll(async () => {
    await bo?.app.close();
  });

  it('previews how many members a segment reaches, by registration, deposits and downline', async () => {
    const reach = async (segment: Record<string, unknown>) => {
      const response = await bo.call('POST', '/content/messages/audience', { cookie: support, body: segment });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value.recipients as number;
    };
    const lastWeek = new Date(bo.clock.now().getTime() - 7 * day).toISOString();
    // Registered in the last week: the two new members (agents are not members).
    expect(await reach({ registeredFrom: lastWeek })).toBe(2);
    // Members and agents registered more than 100 days ago: the agent, the sub-agent and two old members.
    const longAgo = new Date(bo.clock.now().getTime() - 100 * day).toISOString();
    expect(await reach({ kinds: ['member', 'agent'], registeredTo: longAgo })).toBe(4);
    // Deposited in the last 30 days; never deposited (among this test's accounts, by registration window).
    expect(await reach({ registeredTo: longAgo, deposit: 'recent', depositDays: 30 })).toBe(1);
    expect(await reach({ registeredFrom: lastWeek, deposit: 'never' })).toBe(1);
    // The agent's direct downline (members only), then the whole tree below it.
    expect(await reach({ uplineUsername: 'seg_agent' })).toBe(2);
    expect(await reach({ uplineUsername: 'seg_agent', wholeDownline: true })).toBe(3);
    expect(await reach({ uplineUsername: 'seg_agent', wholeDownline: true, kinds: ['member', 'agent'] })).toBe(4);
    const unknown = await bo.call('POST', '/content/messages/audience', {
      cookie: support,
      body: { uplineUsername: 'nobody_here' },
    });
    expect(unknown.json().code).toBe('CONTENT_MEMBER_NOT_FOUND');
    // Only operators who send messages may ask.
    const refused = await bo.call('POST', '/content/messages/audience', { cookie: content, body: {} });
    expect(refused.statusCode).toBe(403);
  });

  it('sends one inbox copy per member of a segment, listed once for operators and audited', async () => {
    const sent = await bo.call('POST', '/content/messages', {
      cookie: support,
      body: {
        to: { segment: { uplineUsername: 'seg_agent', wholeDownline: true } },
        title: 'Team bonus',
        content: 'Your team bonus is waiting.',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value.to).toMatchObject({ recipients: 3, segment: { uplineUsername: 'seg_agent' } });

    for (const username of ['seg_new_dep', 'seg_new_nodep', 'seg_old_dep']) {
      const page = (await inbox(username)).json().value;
      expect(page.content.map((message: { title: string }) => message.title)).toContain('Team bonus');
      expect(page.unread).toBeGreaterThan(0);
    }
    const outside = (await inbox('seg_old_olddep')).json().value;
    expect(outside.content.map((message: { title: string }) => message.title)).not.toContain('Team bonus');

    const rows = await bo.app.database.db.execute(
      sql`select count(*)::int as n from content_messages where title = 'Team bonus'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(3);

    // The operators' list shows the send once, with its segment and count.
    const history = (await bo.call('GET', '/content/messages', { cookie: support })).json().value;
    const listed = history.content.filter((message: { title: string }) => message.title === 'Team bonus');
    expect(listed).toHaveLength(1);
    expect(listed[0].to).toMatchObject({ recipients: 3 });

    const audit = (await bo.call('GET', '/audit', { cookie: owner })).json().value.items;
    const entry = audit.find((item: { action: string }) => item.action === 'content.message.sent_segment');
    expect(entry).toBeTruthy();

    // A segment that reaches nobody sends nothing.
    const empty = await bo.call('POST', '/content/messages', {
      cookie: support,
      body: {
        to: { segment: { registeredFrom: new Date(bo.clock.now().getTime() + day).toISOString() } },
        title: 'Nobody',
        content: 'x',
      },
    });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('CONTENT_SEGMENT_EMPTY');
  });

  it("answers a member's feedback in their inbox once, quoting it, and marks it resolved", async () => {
    const token = await memberToken('seg_new_dep');
    let client = 0;
    const captchaFor = async () => {
      client += 1;
      const captcha = await bo.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: `10.51.0.${client}` });
      const { captchaId } = captcha.json().value;
      return { captchaId, captcha: await bo.app.services.identity.peekCaptchaAnswer(captchaId) };
    };
    const sentByMember = await bo.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { authorization: token },
      payload: { type: 1, content: 'My deposit took an hour to arrive', ...(await captchaFor()) },
    });
    expect(sentByMember.statusCode, sentByMember.body).toBe(200);
    const memberFeedbackId = sentByMember.json().value.id;
    const sentByVisitor = await bo.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload: { type: 0, content: 'Nice site', sender: 'Guest', ...(await captchaFor()) },
    });
    const visitorFeedbackId = sentByVisitor.json().value.id;

    const reply = await bo.call('POST', `/content/feedback/${memberFeedbackId}/reply`, {
      cookie: support,
      body: { content: 'Sorry for the wait: the bank was slow that day.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().value).toMatchObject({
      status: 'resolved',
      resolvedBy: 'segsupport',
      reply: { content: 'Sorry for the wait: the bank was slow that day.', createdBy: 'segsupport' },
    });

    const en = (await inbox('seg_new_dep')).json().value.content;
    const message = en.find((item: { kind: string }) => item.kind === 'feedback_reply');
    expect(message).toMatchObject({
      title: 'Reply to your feedback',
      content: 'Sorry for the wait: the bank was slow that day.',
      quote: 'My deposit took an hour to arrive',
      read: false,
    });
    const bn = (await inbox('seg_new_dep', 'bn')).json().value.content;
    expect(bn.find((item: { kind: string }) => item.kind === 'feedback_reply').title).toBe('আপনার মতামতের উত্তর');

    // Stored once: a second reply is refused and nothing more lands in the inbox.
    const again = await bo.call('POST', `/content/feedback/${memberFeedbackId}/reply`, {
      cookie: support,
      body: { content: 'Second answer' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONTENT_FEEDBACK_ALREADY_REPLIED');
    const after = (await inbox('seg_new_dep')).json().value.content;
    expect(after.filter((item: { kind: string }) => item.kind === 'feedback_reply')).toHaveLength(1);

    // A visitor has no inbox.
    const visitor = await bo.call('POST', `/content/feedback/${visitorFeedbackId}/reply`, {
      cookie: support,
      body: { content: 'Thanks!' },
    });
    expect(visitor.statusCode).toBe(409);
    expect(visitor.json().code).toBe('CONTENT_FEEDBACK_FROM_VISITOR');
    const missing = await bo.call('POST', '/content/feedback/999999/reply', {
      cookie: support,
      body: { content: 'x' },
    });
    expect(missing.json().code).toBe('CONTENT_FEEDBACK_NOT_FOUND');

    // The list shows the reply beside the feedback; the action is audited.
    const list = (await bo.call('GET', '/content/feedback?status=resolved', { cookie: support })).json().value;
    const listed = list.content.find((item: { id: number }) => item.id === memberFeedbackId);
    expect(listed.reply.content).toBe('Sorry for the wait: the bank was slow that day.');
    const audit = (await bo.call('GET', '/audit', { cookie: owner })).json().value.items;
    expect(audit.map((item: { action: string }) => item.action)).toContain('content.feedback.replied');
    // Content editors cannot answer feedback.
    const refused = await bo.call('POST', `/content/feedback/${visitorFeedbackId}/reply`, {
      cookie: content,
      body: { content: 'x' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('edits the help centre per language, sanitised, and the portal shows it at once', async () => {
    const portal = async (lang: string) =>
      (await bo.app.inject({ method: 'GET', url: `/wps/system/helpCenter?lang=${lang}` })).json().value as {
        categories: { id: string; title: string; articles: { anchor: string; title: string; content: string }[] }[];
      };
    // Warm the players' cache, so the change must empty it.
    const first = await portal('en');
    expect(first.categories.length).toBeGreaterThan(0);

    const center = (await bo.call('GET', '/content/help', { cookie: content })).json().value;
    const faq = center.categories.find((category: { key: string }) => category.key === 'faq');
    expect(faq.titles).toMatchObject({ en: 'FAQ' });
    const depositArticle = faq.articles.find((article: { anchor: string }) => article.anchor === 'deposit');

    const updated = await bo.call('PUT', `/content/help/articles/${depositArticle.id}`, {
      cookie: content,
      body: {
        category: 'faq',
        anchor: 'deposit',
        texts: {
          en: {
            title: 'How do I deposit money?',
            content: '<p onclick="x()">Open the <strong>cashier</strong>.<script>alert(1)</script></p>',
          },
          bn: { title: 'কিভাবে টাকা জমা করব?', content: '<p>ক্যাশিয়ার খুলুন।</p>' },
        },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().value.texts.en.content).toBe('<p>Open the <strong>cashier</strong>.</p>');

    const en = await portal('en');
    const shown = en.categories.flatMap((category) => category.articles).find((a) => a.anchor === 'deposit');
    expect(shown).toMatchObject({
      title: 'How do I deposit money?',
      content: '<p>Open the <strong>cashier</strong>.</p>',
    });
    const bn = await portal('bn');
    expect(bn.categories.flatMap((category) => category.articles).find((a) => a.anchor === 'deposit')?.title).toBe(
      'কিভাবে টাকা জমা করব?',
    );

    // A new category needs its titles; its article goes last; the anchor is unique.
    const noTitle = await bo.call('POST', '/content/help/articles', {
      cookie: content,
      body: { category: 'vip', anchor: 'vip-levels', texts: { en: { title: 'VIP levels', content: '<p>x</p>' } } },
    });
    expect(noTitle.statusCode).toBe(400);
    const created = await bo.call('POST', '/content/help/articles', {
      cookie: content,
      body: {
        category: 'vip',
        categoryTitles: { en: 'VIP', bn: 'ভিআইপি' },
        anchor: 'vip-levels',
        texts: { en: { title: 'VIP levels', content: '<p>Five levels.</p>' } },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const vipId = created.json().value.id;
    const taken = await bo.call('POST', '/content/help/articles', {
      cookie: content,
      body: { category: 'vip', anchor: 'vip-levels', texts: { en: { title: 'Again', content: '' } } },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SYSTEM_HELP_ANCHOR_TAKEN');
    expect((await portal('bn')).categories.at(-1)).toMatchObject({ id: 'vip', title: 'ভিআইপি' });

    // Rename, then move the new category first.
    const renamed = await bo.call('PUT', '/content/help/categories/vip', {
      cookie: content,
      body: { titles: { en: 'VIP club', bn: 'ভিআইপি ক্লাব' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const now = (await bo.call('GET', '/content/help', { cookie: content })).json().value;
    const order = [now.categories.at(-1), ...now.categories.slice(0, -1)].map(
      (category: { key: string; articles: { id: number }[] }) => ({
        key: category.key,
        articleIds: category.articles.map((article) => article.id).reverse(),
      }),
    );
    const reordered = await bo.call('PUT', '/content/help/order', { cookie: content, body: { categories: order } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const players = await portal('en');
    expect(players.categories[0]).toMatchObject({ id: 'vip', title: 'VIP club' });
    const faqShown = players.categories.find((category) => category.id === 'faq');
    const faqOrder = order.find((category: { key: string }) => category.key === 'faq');
    expect(faqShown?.articles.map((article) => article.anchor)).toEqual(
      faqOrder?.articleIds.map(
        (id: number) =>
          now.categories
            .flatMap((category: { articles: { id: number; anchor: string }[] }) => category.articles)
            .find((article: { id: number }) => article.id === id).anchor,
      ),
    );

    // Switched off, an article leaves the portal; deleting the category removes it from the editor too.
    await bo.call('PUT', `/content/help/articles/${vipId}`, {
      cookie: content,
      body: {
        category: 'vip',
        anchor: 'vip-levels',
        enabled: false,
        texts: { en: { title: 'VIP levels', content: '' } },
      },
    });
    expect((await portal('en')).categories.some((category) => category.id === 'vip')).toBe(false);
    expect((await bo.call('DELETE', '/content/help/categories/vip', { cookie: content })).statusCode).toBe(200);
    const gone = (await bo.call('GET', '/content/help', { cookie: content })).json().value;
    expect(gone.categories.some((category: { key: string }) => category.key === 'vip')).toBe(false);
    expect((await bo.call('DELETE', '/content/help/categories/vip', { cookie: content })).json().code).toBe(
      'SYSTEM_HELP_CATEGORY_NOT_FOUND',
    );

    const audit = (await bo.call('GET', '/audit?pageSize=100', { cookie: owner })).json().value.items;
    expect(audit.map((item: { action: string }) => item.action)).toEqual(
      expect.arrayContaining([
        'content.help.article_updated',
        'content.help.article_created',
        'content.help.category_renamed',
        'content.help.reordered',
        'content.help.category_deleted',
      ]),
    );
    // Support may not edit the help centre.
    expect((await bo.call('GET', '/content/help', { cookie: support })).statusCode).toBe(403);
  });
});
