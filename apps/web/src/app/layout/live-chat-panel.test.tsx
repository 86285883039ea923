import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeLiveChatPanel } from '@/features/live-chat/hooks/live-chat-panel-store';
import { configureApiClient } from '@/lib/api-client';
import { envelopeResponse, mockApi, permissionFixture } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

function serve() {
  vi.stubGlobal('fetch', vi.fn(mockApi({ '/wps/system/whitelabel': () => envelopeResponse(permissionFixture()) })));
}

/** A screen at least as wide as the panel needs, or a phone. */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

async function floatingLiveChat() {
  const bar = await screen.findByRole('complementary', { name: 'Quick links' });
  return within(bar).getByRole('link', { name: 'Live chat' });
}

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
  sessionStorage.clear();
});

afterEach(() => {
  act(() => closeLiveChatPanel(false));
  vi.unstubAllGlobals();
});

describe('expanding customer-service panel', () => {
  it('opens the live chat docked over the page from the floating bar, with focus inside, and Escape closes it', async () => {
    serve();
    screenWidth(true);
    renderApp('/');
    const link = await floatingLiveChat();
    expect(link.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(link);
    const panel = await screen.findByRole('dialog', { name: 'Live chat' });
    expect(link.getAttribute('aria-expanded')).toBe('true');
    expect(link.getAttribute('aria-controls')).toBe(panel.id);
    // The page stays where it was: no chat page, the chat is a level-2 heading inside the panel.
    expect(within(panel).getByRole('heading', { level: 2, name: 'Live chat' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Live chat' })).toBeNull();
    // A visitor starts by giving a name: focus lands in that field.
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('textbox', { name: /Your name/ })));

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Live chat' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect(link.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with its close button and reopens from the side menu entry too', async () => {
    serve();
    screenWidth(true);
    renderApp('/');
    const side = await screen.findByRole('complementary', { name: 'Side menu' });
    const sideLink = within(side).getByRole('link', { name: 'Live chat' });
    fireEvent.click(sideLink);
    const panel = await screen.findByRole('dialog', { name: 'Live chat' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Close live chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Live chat' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(sideLink));
  });

  it('goes to the /live-chat page on a phone', async () => {
    serve();
    screenWidth(false);
    renderApp('/');
    fireEvent.click(await floatingLiveChat());
    expect(await screen.findByRole('heading', { level: 1, name: 'Live chat' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Live chat' })).toBeNull();
  });
});
