import type { SiteConfiguration } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, failureResponse, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = vi.fn(mockApi(routes));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openPanel() {
  renderConsole('/settings');
  const heading = await screen.findByRole('heading', { level: 2, name: 'Resources' });
  const panel = heading.closest('section');
  if (!panel) throw new Error('no resources panel');
  return within(panel);
}

const sentBodies = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/config/resources') && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('resources panel', () => {
  it('edits, reorders and removes entries, and saves them renumbered', async () => {
    let saved: SiteConfiguration = configFixture();
    const fetchMock = serve({
      'GET /bo/api/session/me': () => okResponse(meFixture('content')),
      'GET /bo/api/config': () => okResponse(saved),
      'PUT /bo/api/config/resources': ({ body }) => {
        saved = { ...saved, resources: (body as { entries: SiteConfiguration['resources'] }).entries };
        return okResponse(saved);
      },
    });
    const panel = await openPanel();
    expect((panel.getAllByLabelText('Key') as HTMLInputElement[]).map((input) => input.value)).toEqual([
      'Android',
      'TELEGRAM',
    ]);
    const save = panel.getByRole('button', { name: 'Save changes' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.click(panel.getByRole('button', { name: 'Add resource' }));
    const [, , addedType] = panel.getAllByLabelText('Key');
    const [, , addedLabel] = panel.getAllByLabelText('Label (English)');
    const [, , addedUrl] = panel.getAllByLabelText('Link');
    fireEvent.change(addedType as HTMLElement, { target: { value: 'WHATSAPP' } });
    fireEvent.change(addedLabel as HTMLElement, { target: { value: '  WhatsApp group ' } });
    fireEvent.change(addedUrl as HTMLElement, { target: { value: 'https://chat.whatsapp.com/abc' } });
    fireEvent.click(panel.getByRole('button', { name: 'Move up: WhatsApp group' }));
    fireEvent.click(panel.getByRole('button', { name: 'Remove: Telegram' }));
    expect(panel.getByText('Unsaved changes')).toBeTruthy();

    fireEvent.click(save);
    await waitFor(() => expect(sentBodies(fetchMock)).toHaveLength(1));
    expect(sentBodies(fetchMock)[0]).toEqual({
      entries: [
        { resourceType: 'Android', labelNameEn: 'Android app', url: 'https://cdn.example.com/app.apk', sort: 1 },
        { resourceType: 'WHATSAPP', labelNameEn: 'WhatsApp group', url: 'https://chat.whatsapp.com/abc', sort: 2 },
      ],
    });
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    await waitFor(() => expect(panel.queryByText('Unsaved changes')).toBeNull());
  });

  it('shows what is wrong and sends nothing until it is fixed', async () => {
    const fetchMock = serve({
      'GET /bo/api/session/me': () => okResponse(meFixture('owner')),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'PUT /bo/api/config/resources': () => okResponse(configFixture()),
    });
    const panel = await openPanel();
    fireEvent.click(panel.getByRole('button', { name: 'Add resource' }));
    const [, , addedType] = panel.getAllByLabelText(/^Key/);
    const [, , addedUrl] = panel.getAllByLabelText(/^Link/);
    fireEvent.change(addedType as HTMLElement, { target: { value: 'TELEGRAM' } });
    fireEvent.change(addedUrl as HTMLElement, { target: { value: 'javascript:alert(1)' } });
    const save = panel.getByRole('button', { name: 'Save changes' });
    fireEvent.click(save);

    expect(panel.getByText('This key is already used above')).toBeTruthy();
    expect(panel.getByText('Enter a label')).toBeTruthy();
    expect(panel.getByText('Enter a link starting with https:// or http://')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(addedType as HTMLElement, { target: { value: 'IOS' } });
    fireEvent.change(panel.getAllByLabelText(/^Label/)[2] as HTMLElement, { target: { value: 'iPhone app' } });
    fireEvent.change(addedUrl as HTMLElement, { target: { value: 'https://apps.example.com/ios' } });
    expect(panel.queryByText('This key is already used above')).toBeNull();
    expect(save.hasAttribute('disabled')).toBe(false);
    expect(sentBodies(fetchMock)).toHaveLength(0);
    fireEvent.click(save);
    await waitFor(() => expect(sentBodies(fetchMock)).toHaveLength(1));
  });

  it('shows the server refusal, and keeps the edits', async () => {
    serve({
      'GET /bo/api/session/me': () => okResponse(meFixture('owner')),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'PUT /bo/api/config/resources': () => failureResponse('VALIDATION_FAILED', 400),
    });
    const panel = await openPanel();
    fireEvent.change(panel.getAllByLabelText('Label (English)')[0] as HTMLElement, { target: { value: 'APK' } });
    fireEvent.click(panel.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Some fields are not valid/)).toBeTruthy();
    expect(panel.getByText('Unsaved changes')).toBeTruthy();
    expect((panel.getAllByLabelText('Label (English)')[0] as HTMLInputElement).value).toBe('APK');
  });

  it('is read-only for a role without the site settings permission', async () => {
    serve({
      'GET /bo/api/session/me': () => okResponse(meFixture('support')),
      'GET /bo/api/config': () => okResponse(configFixture()),
    });
    const panel = await openPanel();
    expect((panel.getAllByLabelText('Key') as HTMLInputElement[]).every((input) => input.disabled)).toBe(true);
    expect(panel.queryByRole('button', { name: 'Add resource' })).toBeNull();
    expect(panel.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
