import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

describe('operator: catalogue sync on demand', () => {
  let bo: BackofficeTestApp;
  let owner: string;

  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
    owner = await bo.signIn('owner');
  });
  afterAll(async () => {
    await bo?.app.close();
  });

  it('runs a sync for an operator allowed to change the site (no aggregator configured: nothing to pull)', async () => {
    const response = await bo.call('POST', '/catalogue/sync', { cookie: owner, body: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toEqual({ runs: [] });
    const content = await createOperatorAndSignIn(bo, owner, 'content1', 'content');
    expect((await bo.call('POST', '/catalogue/sync', { cookie: content, body: {} })).statusCode).toBe(200);
  });

  it('refuses operators without the permission, and callers without a session', async () => {
    const support = await createOperatorAndSignIn(bo, owner, 'support1', 'support');
    const refused = await bo.call('POST', '/catalogue/sync', { cookie: support, body: {} });
    expect(refused.json().code).toBe('BO_FORBIDDEN');
    const anonymous = await bo.call('POST', '/catalogue/sync', { body: {} });
    expect(anonymous.json().code).toBe('BO_AUTH_REQUIRED');
  });

  it('registers the catalogue and transfer jobs only when an aggregator is configured', () => {
    expect(bo.app.jobs.jobNames()).not.toContain('catalogue-sync');
  });
});
