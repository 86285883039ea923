import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

const announcement = {
  type: 'PU',
  audiences: ['B'],
  texts: {
    en: { title: 'Welcome', content: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:1">x</a></p>' },
    bn: { title: 'স্বাগতম', content: '<p>হাই</p>' },
  },
};

describe('back office: content', () => {
  let bo: BackofficeTestApp;
  let owner: string;
  let content: string;
  let support: string;
  let finance: string;

  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
    owner = await bo.signIn('owner');
    content = await createOperatorAndSignIn(bo, owner, 'editor1', 'content');
    support = await createOperatorAndSignIn(bo, owner, 'helper1', 'support');
    finance = await createOperatorAndSignIn(bo, owner, 'money1', 'finance');
  });
  afterAll(async () => {
    await bo.app.close();
  });

  it('lets the content role create, preview, update and delete announcements, sanitised and audited', async () => {
    const preview = await bo.call('POST', '/content/announcements/preview', { cookie: content, body: announcement });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().value.texts.en.content).toBe('<p>Hi <a>x</a></p>');

    const created = await bo.call('POST', '/content/announcements', { cookie: content, body: announcement });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().value;
    expect(created.json().value).toMatchObject({ type: 'PU', live: true, updatedBy: 'editor1' });
    expect(created.json().value.texts.en.content).not.toMatch(/script|onclick|javascript/);

    const player = await bo.app.inject({ method: 'POST', url: '/wps/relay/MCSFE_getAnnouncement', payload: { id } });
    expect(player.json().value.title).toBe('Welcome');

    const updated = await bo.call('PUT', `/content/announcements/${id}`, {
      cookie: content,
      body: { ...announcement, enabled: false },
    });
    expect(updated.json().value.live).toBe(false);
    const hidden = await bo.app.inject({ method: 'POST', url: '/wps/relay/MCSFE_getAnnouncement', payload: { id } });
    expect(hidden.statusCode).toBe(404);

    const audit = await bo.call('GET', '/audit', { cookie: owner });
    const actions = audit.json().value.items.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['content.announcement.created', 'content.announcement.updated']));

    expect((await bo.call('DELETE', `/content/announcements/${id}`, { cookie: content })).statusCode).toBe(200);
    const gone = await bo.call('GET', `/content/announcements/${id}`, { cookie: content });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('CONTENT_ANNOUNCEMENT_NOT_FOUND');
  });

  it('keeps announcements from support and finance, and messages and feedback from content and finance', async () => {
    for (const cookie of [support, finance]) {
      const list = await bo.call('GET', '/content/announcements', { cookie });
      expect(list.statusCode).toBe(403);
      expect(list.json().code).toBe('BO_FORBIDDEN');
      const create = await bo.call('POST', '/content/announcements', { cookie, body: announcement });
      expect(create.statusCode).toBe(403);
    }
    for (const cookie of [content, finance]) {
      expect((await bo.call('GET', '/content/feedback', { cookie })).statusCode).toBe(403);
      const send = await bo.call('POST', '/content/messages', {
        cookie,
        body: { to: 'all', title: 'Hi', content: 'Hello' },
      });
      expect(send.statusCode).toBe(403);
    }
    expect((await bo.call('GET', '/content/announcements')).statusCode).toBe(401);
  });

  it('lets support message a member and work through feedback', async () => {
    const member = await bo.app.services.identity.createAccount({
      username: 'inboxmember1',
      password: 'Secret#2026',
      type: 0,
      uplineId: null,
    });
    const sent = await bo.call('POST', '/content/messages', {
      cookie: support,
      body: { to: { username: 'inboxmember1' }, title: 'Your bonus', content: 'Your bonus is ready.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value.to).toEqual({ accountId: member.id, username: 'inboxmember1' });
    expect((await bo.app.services.content.unreadCount(member.id)).count).toBe(1);
    const unknown = await bo.call('POST', '/content/messages', {
      cookie: support,
      body: { to: { username: 'no_such_member' }, title: 'x', content: 'y' },
    });
    expect(unknown.json().code).toBe('CONTENT_MEMBER_NOT_FOUND');
    const history = await bo.call('GET', '/content/messages', { cookie: support });
    expect(history.json().value.content[0]).toMatchObject({ title: 'Your bonus', createdBy: 'helper1' });

    const captcha = await bo.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.50.0.1' });
    const { captchaId } = captcha.json().value;
    const answer = await bo.app.services.identity.peekCaptchaAnswer(captchaId);
    const feedback = await bo.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload: { type: 6, content: 'I would like to become an agent', sender: 'Karim', captchaId, captcha: answer },
    });
    expect(feedback.statusCode, feedback.body).toBe(200);
    const open = await bo.call('GET', '/content/feedback?status=open', { cookie: support });
    const item = open.json().value.content[0];
    expect(item).toMatchObject({ type: 6, sender: 'Karim', status: 'open' });
    const resolved = await bo.call('PUT', `/content/feedback/${item.id}`, {
      cookie: support,
      body: { status: 'resolved' },
    });
    expect(resolved.json().value).toMatchObject({ status: 'resolved', resolvedBy: 'helper1' });
    expect((await bo.call('GET', '/content/feedback?status=open', { cookie: support })).json().value.total).toBe(0);
  });
});
