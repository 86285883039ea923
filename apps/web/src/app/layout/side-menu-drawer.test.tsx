import type { PermissionResponse } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { envelopeResponse, mockApi, permissionFixture } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

// On a phone the side menu is a drawer and the header's category row is hidden: their code and render wait for the
// first screen (the home banner), unless the player opens the drawer first. The first-screen report is once per page, so this file's order matters: the
// drawer is opened before the first screen is in, then a fresh page waits for the report.

const node = (modId: string) => ({ modId, enabled: true, childrenNodes: [] });

function sitePermission(): PermissionResponse {
  const base = permissionFixture();
  return permissionFixture({
    info: { ...base.info, whitelabel: [...base.info.whitelabel, node('GAME'), node('ANNOUNCEMENT3')] },
  });
}

/** The announcements (and so the banner, the first screen) never answer: only the layout's longest wait reports it. */
function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      mockApi({
        '/wps/system/whitelabel': () => envelopeResponse(sitePermission()),
        '/lgw/games/game_menus': () => envelopeResponse({ prizeMode: 'lott', lanes: [] }),
        '/wps/relay/MCSFE_getListAnnouncements': () => new Promise<Response>(() => undefined),
      }),
    ),
  );
}

function emulatePhone() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(max-width: 960px)',
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })),
  );
}

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
  emulatePhone();
  serve();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('side menu as a phone drawer', () => {
  it('is not rendered before the first screen, and opens at once when the player asks for it', async () => {
    renderApp('/');
    const banner = await screen.findByRole('banner');
    const open = await within(banner).findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('complementary', { name: 'Side menu' })).toBeNull();
    // The header's row of game categories, hidden on phones, waits too.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    fireEvent.click(open);
    // The drawer's own dialog (role and aria-modal only while it is open).
    expect((await screen.findByRole('dialog', { name: 'Menu' })).getAttribute('aria-modal')).toBe('true');
  });

  it('renders, closed, once the first screen is reported', async () => {
    renderApp('/');
    const banner = await screen.findByRole('banner');
    await within(banner).findByRole('button', { name: 'Open menu' });
    expect(await screen.findByRole('complementary', { name: 'Side menu' }, { timeout: 6000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });
});
