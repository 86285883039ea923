import type { GameMenus, PermissionResponse } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceFixture } from '@/features/wallet/testing';
import { configureApiClient } from '@/lib/api-client';
import { envelopeResponse, memberInfoFixture, mockApi, permissionFixture } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { showsSideMenu } from './frame-rules';
import { frameMemberLinks } from './member-links';

const node = (modId: string, childrenNodes: PermissionResponse['info']['whitelabel'] = []) => ({
  modId,
  enabled: true,
  childrenNodes,
});

/** A site with games, cashier, inbox and the member area switched on. */
function sitePermission(): PermissionResponse {
  const base = permissionFixture();
  return permissionFixture({
    info: {
      ...base.info,
      whitelabel: [
        ...base.info.whitelabel,
        node('GAME'),
        node('MEMBER', [node('LOGIN3'), node('INBOX3')]),
        node('CASHIER', [node('DEPOSIT3'), node('WITHDRAW3')]),
      ],
    },
  });
}

const card = (vassalage: string, gameType: GameMenus['lanes'][number]['title'], sort: number) => ({
  vassalage,
  displayName: `${vassalage} Gaming`,
  gameType,
  isGame: 'VASSALAGE' as const,
  iconUrl: null,
  gameCount: 10,
  maintenance: false,
  walletMode: 'seamless' as const,
  nodeId: null,
  sort,
});

const menus: GameMenus = {
  prizeMode: 'lott',
  lanes: [
    { title: 'SPORTS', cards: [card('SBT', 'SPORTS', 1)] },
    { title: 'COCKFIGHT', cards: [] },
    { title: 'RNG', cards: Array.from({ length: 11 }, (_, index) => card(`V${index}`, 'RNG', 20 + index)) },
    { title: 'LIVE', cards: [card('EVO', 'LIVE', 40), card('AG', 'LIVE', 30)] },
  ],
};

function serve(extra: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/system/whitelabel': () => envelopeResponse(sitePermission()),
      '/lgw/games/game_menus': () => envelopeResponse(menus),
      '/wps/member/info': () => envelopeResponse(memberInfoFixture()),
      '/wps/v2/wallets/balance': () => envelopeResponse(balanceFixture(125_000n)),
      ...extra,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('top navigation', () => {
  it('lists home, then only the categories that have vendors, in the menus’ order', async () => {
    serve();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'Sports' });
    const topLinks = within(nav)
      .getAllByRole('link')
      .filter((link) => link.classList.contains('top-nav__link'))
      .map((link) => link.textContent);
    // The fixture's site has the content module on but not ANNOUNCEMENT3, so no promotions entry.
    expect(topLinks).toEqual(['Home', 'Sports', 'Slots', 'Live casino']);
    expect(within(nav).queryByRole('link', { name: 'Cockfight' })).toBeNull();
  });

  it('ends with promotions when the promotion announcements are switched on', async () => {
    const permission = sitePermission();
    permission.info.whitelabel.push(node('ANNOUNCEMENT3'));
    serve({ '/wps/system/whitelabel': () => envelopeResponse(permission) });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'Sports' });
    const links = within(nav)
      .getAllByRole('link')
      .filter((link) => link.classList.contains('top-nav__link'));
    expect(links.at(-1)?.textContent).toBe('Promotions');
    expect(links.at(-1)?.getAttribute('href')).toBe('/promotions');
  });

  it('opens a category’s vendors sorted, and the large drop-down above ten vendors', async () => {
    serve();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(await within(nav).findByRole('button', { name: 'Live casino providers' }));
    const live = within(nav).getByRole('button', { name: 'Live casino providers' });
    expect(live.getAttribute('aria-expanded')).toBe('true');
    const livePanel = document.getElementById(live.getAttribute('aria-controls') ?? '');
    expect(livePanel?.hidden).toBe(false);
    expect(livePanel?.classList.contains('top-nav__panel--large')).toBe(false);
    const vendorLinks = within(livePanel as HTMLElement).getAllByRole('link');
    expect(vendorLinks.slice(0, 2).map((link) => link.getAttribute('href'))).toEqual([
      '/live?vassalage=AG',
      '/live?vassalage=EVO',
    ]);
    fireEvent.click(within(nav).getByRole('button', { name: 'Slots providers' }));
    const slots = within(nav).getByRole('button', { name: 'Slots providers' });
    const slotsPanel = document.getElementById(slots.getAttribute('aria-controls') ?? '');
    expect(slotsPanel?.classList.contains('top-nav__panel--large')).toBe(true);
    expect(within(slotsPanel as HTMLElement).getAllByRole('link')).toHaveLength(12);
  });

  it('closes the drop-down with Escape and gives focus back to its button', async () => {
    serve();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const toggle = await within(nav).findByRole('button', { name: 'Sports providers' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('language change (spec section 4)', () => {
  it('from the side menu: stores lang and hisLang and loads the vendors again in the new language', async () => {
    const fetchMock = serve();
    renderApp('/');
    const side = await screen.findByRole('complementary', { name: 'Side menu' });
    await within(side).findByRole('link', { name: 'Slots' });
    fireEvent.click(within(side).getByRole('button', { name: 'বাংলা' }));
    expect(await within(side).findByRole('link', { name: 'স্লট' })).toBeTruthy();
    expect(localStorage.getItem('lang')).toBe('bn');
    expect(localStorage.getItem('hisLang')).toBe('bn');
    const menuLanguages = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/lgw/games/game_menus')
      .map((url) => url.searchParams.get('language'));
    expect(menuLanguages).toEqual(['en', 'bn']);
  });
});

describe('side menu', () => {
  it('is hidden exactly on the game pages /seamless, /lottert, /vnlottery and /sealottery', () => {
    for (const path of ['/seamless', '/lottert', '/vnlottery', '/sealottery', '/seamless/']) {
      expect(showsSideMenu(path)).toBe(false);
    }
    for (const path of ['/', '/rng', '/member', '/vnLottery', '/seaLottery', '/lottery']) {
      expect(showsSideMenu(path)).toBe(true);
    }
  });

  it('shows game types, customer service and the language selector on the home page', async () => {
    serve();
    renderApp('/');
    const side = await screen.findByRole('complementary', { name: 'Side menu' });
    expect(await within(side).findByRole('link', { name: 'Slots' })).toBeTruthy();
    // Customer service from configuration: live chat (the portal's own chat page, in place), then Telegram and
    // WhatsApp of the fixture in new tabs, in the operator's order.
    expect(within(side).getByRole('link', { name: 'Live chat' }).getAttribute('href')).toBe('/live-chat');
    const channels = within(side)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') === '_blank')
      .map((link) => link.getAttribute('href'));
    expect(channels).toEqual(['https://t.me/bdx88_support', 'https://wa.me/8801700000000']);
    expect(within(side).getByRole('group', { name: 'Choose language' })).toBeTruthy();
  });

  it('is left out on a game page, where the header keeps the language selector', async () => {
    serve();
    renderApp('/sealottery');
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(within(banner).getByRole('group', { name: 'Choose language' })).toBeTruthy());
    expect(screen.queryByRole('complementary', { name: 'Side menu' })).toBeNull();
    expect(within(banner).queryByRole('button', { name: 'Open menu' })).toBeNull();
  });
});

/**
 * A window of the given width for `matchMedia` (the frame's narrow layout goes up to 960 px); `resize` changes it and
 * tells the listeners, as a browser does.
 */
function stubWindowWidth(initial: number) {
  let width = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query);
    return {
      get matches() {
        return maxWidth ? width <= Number(maxWidth[1]) : false;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    };
  });
  return {
    resize(next: number) {
      width = next;
      for (const listener of listeners) listener();
    },
  };
}

/** Records what is observed; `reveal` reports the targets near the screen as the browser would on scrolling. */
class Observer {
  static all: Observer[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    Observer.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  static reveal(match: (target: Element) => boolean) {
    for (const observer of Observer.all) {
      const entries = observer.targets.filter(match).map((target) => ({ target, isIntersecting: true }));
      if (entries.length > 0) observer.callback(entries as IntersectionObserverEntry[], observer as never);
    }
  }
}

describe('phone layout (below 961 px)', () => {
  it('builds neither the hidden category row nor the closed drawer; the menu button builds and opens the drawer', async () => {
    stubWindowWidth(390);
    serve();
    renderApp('/');
    const banner = await screen.findByRole('banner');
    const menuButton = await within(banner).findByRole('button', { name: 'Open menu' });
    expect(banner.querySelector('.site-header__nav')).toBeNull();
    // Not even the side menu's loading placeholder: nothing of it is built.
    expect(document.querySelector('.side-menu')).toBeNull();
    fireEvent.click(menuButton);
    const side = await screen.findByRole('complementary', { name: 'Side menu' });
    expect(await within(side).findByRole('link', { name: 'Slots' })).toBeTruthy();
    expect(within(side).getByRole('dialog', { name: 'Menu' }).parentElement?.className).toContain('is-drawer-open');
    // Closed again, it stays built (so it can slide out), only closed.
    fireEvent.click(within(side).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(side.className).not.toContain('is-drawer-open'));
    expect(screen.getByRole('complementary', { name: 'Side menu' })).toBe(side);
  });

  it('closes an open drawer when the window widens into the wide layout, where the menu is a column', async () => {
    const windowSize = stubWindowWidth(390);
    serve();
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const side = await screen.findByRole('complementary', { name: 'Side menu' });
    expect(within(side).getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    act(() => windowSize.resize(1366));
    await waitFor(() => expect(within(side).queryByRole('dialog')).toBeNull());
    expect(side.className).not.toContain('is-drawer-open');
    // The wide layout's category row is built now.
    expect(await within(await screen.findByRole('banner')).findByRole('link', { name: 'Slots' })).toBeTruthy();
  });

  it('builds the category row and the side menu at once on a wide window', async () => {
    stubWindowWidth(1366);
    serve();
    renderApp('/');
    expect(await screen.findByRole('complementary', { name: 'Side menu' })).toBeTruthy();
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Slots' })).toBeTruthy();
  });
});

describe('footer', () => {
  afterEach(() => {
    Observer.all = [];
  });

  it('is built once its place comes near the screen, before the frame’s secondary parts', async () => {
    vi.stubGlobal('IntersectionObserver', Observer);
    // The secondary parts wait for an idle moment, which never comes here: only nearness can build the footer.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    serve();
    renderApp('/');
    await screen.findByRole('banner');
    const place = await waitFor(() => {
      const element = document.querySelector('.site-footer--placeholder');
      if (!element) throw new Error('no footer place yet');
      return element;
    });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    act(() => Observer.reveal((target) => target === place));
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' })).toBeTruthy();
  });

  it('is built with the frame’s secondary parts where the player has not scrolled near it', async () => {
    vi.stubGlobal('IntersectionObserver', Observer);
    serve();
    renderApp('/');
    await screen.findByRole('banner');
    // Nothing reports the place near; announcements are off, so the secondary parts load at the first idle moment.
    const footer = await screen.findByRole('contentinfo', undefined, { timeout: 5000 });
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' })).toBeTruthy();
  });
});

describe('header for a member', () => {
  it('shows Withdraw and Deposit, and the account menu entries of spec section 2 that exist', async () => {
    sessionStorage.setItem('token', 'token-123');
    const permission = sitePermission();
    permission.info.whitelabel.push(node('FEEDBACK3'));
    serve({
      '/wps/system/whitelabel': () => envelopeResponse(permission),
      '/wps/relay/CSP_unreadCount': () => envelopeResponse({ count: 0 }),
    });
    renderApp('/');
    const banner = await screen.findByRole('banner');
    expect((await within(banner).findByRole('link', { name: 'Deposit' })).getAttribute('href')).toBe(
      '/member?page=depositv2',
    );
    expect(within(banner).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/member?page=withdraw');
    fireEvent.click(within(banner).getByRole('button', { name: /Account menu/ }));
    const menu = await within(banner).findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'My account',
      'Change password',
      'Deposit',
      'Withdraw',
      'Refresh balance',
      'Hide balance',
      'Feedback',
      'Sign out',
    ]);
    // Show/hide balance masks the header balance and is remembered on the device.
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Hide balance' }));
    expect(localStorage.getItem('hideBalance')).toBe('1');
  });
});

describe('member-centre shell', () => {
  it('lists the landed pages with ?page= links, marks the open one and badges messages above 0', async () => {
    sessionStorage.setItem('token', 'token-123');
    serve({ '/wps/relay/CSP_unreadCount': () => envelopeResponse({ count: 3 }) });
    renderApp('/member?page=messageV2');
    const pages = await screen.findByRole('navigation', { name: 'Member centre pages' }, { timeout: 5000 });
    const links = within(pages).getAllByRole('link');
    expect(links[0]?.getAttribute('href')).toBe('/member?page=securityCenter');
    expect(links.every((link) => link.getAttribute('href')?.startsWith('/member?page='))).toBe(true);
    const messages = within(pages).getByRole('link', { name: /^Messages/ });
    expect(messages.getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(within(messages).getByText('3 new')).toBeTruthy());
  });

  it('shows no badge while nothing is unread, and opens securityCenter for an unknown page', async () => {
    sessionStorage.setItem('token', 'token-123');
    serve({ '/wps/relay/CSP_unreadCount': () => envelopeResponse({ count: 0 }) });
    renderApp('/member?page=nonsense');
    const pages = await screen.findByRole('navigation', { name: 'Member centre pages' }, { timeout: 5000 });
    expect(within(pages).getByRole('link', { name: 'My account' }).getAttribute('aria-current')).toBe('page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(within(pages).getByRole('link', { name: /^Messages/ })).queryByText(/new$/)).toBeNull();
  });

  it('links the header and account menu only to member pages that exist and are switched on', () => {
    const permission = sitePermission();
    const links = frameMemberLinks(permission, [{ id: 'securityCenter' }, { id: 'depositv2' }, { id: 'referral' }]);
    expect(links.deposit).toBe('/member?page=depositv2');
    // The page exists but REFERRAL3 is off; withdraw is switched on but has no page.
    expect(links.invite).toBeNull();
    expect(links.withdraw).toBeNull();
  });
});
