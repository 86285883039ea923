import type { HelpCenter } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, getMerchantCode } from '@/lib/api-client';
import { envelopeResponse, failureResponse, mockApi, permissionFixture } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const helpCenter: HelpCenter = {
  categories: [
    {
      id: 'account',
      title: 'Account',
      articles: [{ id: 'a1', anchor: 'register', title: 'How to register', content: '<p>Open the register form.</p>' }],
    },
    {
      id: 'rules',
      title: 'Rules',
      articles: [
        { id: 'r1', anchor: 'term', title: 'Terms and conditions', content: '<p>You must be <strong>18</strong>.</p>' },
        { id: 'r2', anchor: 'privacy', title: 'Privacy policy', content: '<p>We keep your data safe.</p>' },
      ],
    },
  ],
};

function serve(permission = permissionFixture()) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/system/whitelabel': () => envelopeResponse(permission),
      '/wps/system/helpCenter': () => envelopeResponse(helpCenter),
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

describe('start-up', () => {
  it('shows the loading cover, then the home page built from the site configuration', async () => {
    serve();
    renderApp('/');
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to BDX88' })).toBeTruthy();
    const support = screen.getByRole('region', { name: 'We are here to help' });
    const links = within(support).getAllByRole('link');
    // Sorted by the operator's `sort`: live chat first.
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://chat.example.com/bdx88',
      'https://t.me/bdx88_support',
      'https://wa.me/8801700000000',
    ]);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
  });

  it('stores the merchant code from the permission response and sends it afterwards', async () => {
    const fetchMock = serve();
    renderApp('/help');
    await screen.findByRole('dialog', { name: 'Help centre' });
    // The help centre asks for its articles after its frame is open; under load the frame can come first.
    await waitFor(() => {
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/wps/system/helpCenter'))).toBe(true);
    });
    expect(sessionStorage.getItem('merchantCode')).toBe('BDX88');
    expect(localStorage.getItem('merchantCode')).toBe('BDX88');
    const helpCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/wps/system/helpCenter'));
    expect(helpCall?.[1]?.headers).toMatchObject({ merchant: 'BDX88' });
  });

  it('shows the maintenance view, which takes priority over region restriction', async () => {
    const end = new Date(Date.now() + 2 * 3600_000 + 15 * 60_000);
    serve(permissionFixture({ maintenance: true, regionRestriction: true, maintenanceEnd: end.toISOString() }));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'System maintenance' })).toBeTruthy();
    expect(screen.queryByText('Access restricted')).toBeNull();
    expect(screen.getByText('Expected to end')).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Time remaining' }).textContent).toMatch(/02Hours1[45]Minutes/);
    const contact = screen.getByRole('link', { name: /Contact customer service/ });
    expect(contact.getAttribute('href')).toBe('https://chat.example.com/bdx88');
    expect(contact.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('group', { name: 'Choose language' })).toBeTruthy();
  });

  it('says when the maintenance end is not known', async () => {
    serve(permissionFixture({ maintenance: true }));
    renderApp('/');
    expect(await screen.findByText('The end time will be announced soon.')).toBeTruthy();
  });

  it('shows the region-blocked view with the visitor IP and customer service', async () => {
    serve(permissionFixture({ regionRestriction: true }));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access restricted' })).toBeTruthy();
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
    expect(screen.getByText('Bangladesh')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Contact customer service/ })).toBeTruthy();
  });

  it('shows a translated error with Retry when the configuration cannot be loaded, and recovers', async () => {
    let attempts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return envelopeResponse(permissionFixture());
      }),
    );
    renderApp('/');
    expect(await screen.findByText('Network link is abnormal, please try again')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to BDX88' })).toBeTruthy();
  });

  it('checks the configuration against its schema (loaded on demand) and refuses one that does not match', async () => {
    const broken = { ...permissionFixture(), info: { siteName: 42 } };
    vi.stubGlobal('fetch', vi.fn(mockApi({ '/wps/system/whitelabel': () => envelopeResponse(broken) })));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/');
    expect(await screen.findByText('Error code: RESPONSE_INVALID')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: /Welcome/ })).toBeNull();
  });

  it('takes the configuration call index.html already sent, once: Retry asks the server itself', async () => {
    const fetchMock = serve();
    const merchant = getMerchantCode();
    window.__earlyWhitelabel = {
      method: 'GET',
      path: '/wps/system/whitelabel',
      headers: { accept: 'application/json', language: 'en', device: 'WEB', ...(merchant ? { merchant } : {}) },
      response: Promise.resolve(failureResponse('SERVICE_UNAVAILABLE', 503)),
    };
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to BDX88' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/wps/system/whitelabel')).toHaveLength(1);
    expect(window.__earlyWhitelabel).toBeUndefined();
  });
});

describe('language', () => {
  it('starts in the configured default language when the player has not chosen one', async () => {
    serve(permissionFixture({ info: { ...permissionFixture().info, defaultLanguage: 'bn' } }));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /^BDX88\s?-এ স্বাগতম$/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('bn');
  });

  it("keeps the player's stored choice over the configured default", async () => {
    localStorage.setItem('lang', 'en');
    serve(permissionFixture({ info: { ...permissionFixture().info, defaultLanguage: 'bn' } }));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to BDX88' })).toBeTruthy();
  });

  it('switches every text to Bengali from the header selector and remembers the choice', async () => {
    serve();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to BDX88' });
    fireEvent.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^BDX88\s?-এ স্বাগতম$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'বাংলা' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('lang')).toBe('bn');
    expect(localStorage.getItem('hisLang')).toBe('bn');
  });
});

describe('shell and routes', () => {
  it('lists customer service, resources and help links in the footer', async () => {
    // Without IntersectionObserver the footer's place counts as near the screen (built at once).
    vi.stubGlobal('IntersectionObserver', undefined);
    serve();
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: /Live chat: 24\/7 live chat/ })).toBeTruthy();
    expect(
      within(footer)
        .getByRole('link', { name: /Android app/ })
        .getAttribute('href'),
    ).toBe('https://cdn.example.com/bdx88.apk');
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe('/help#term');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} BDX88. All rights reserved.`)).toBeTruthy();
  });

  it('hides help links and app downloads when their modules are switched off', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    serve(permissionFixture({ info: { ...permissionFixture().info, whitelabel: [] } }));
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).queryByRole('link', { name: 'Help centre' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: /Android app/ })).toBeNull();
  });

  it('opens the help centre on /help#term at the category holding the terms article', async () => {
    const fetchMock = serve();
    renderApp('/help#term');
    const dialog = await screen.findByRole('dialog', { name: 'Help centre' });
    expect(await within(dialog).findByRole('tab', { name: 'Rules', selected: true })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Terms and conditions' })).toBeTruthy();
    expect(within(dialog).getByText('18').tagName).toBe('STRONG');
    const helpCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/wps/system/helpCenter'));
    expect(helpCall?.[0]).toBe('/wps/system/helpCenter?lang=en&device=WEB');

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Account' }));
    expect(within(dialog).getByRole('heading', { name: 'How to register' })).toBeTruthy();
  });

  it('closes the help centre back to the home page', async () => {
    serve();
    renderApp('/help');
    const dialog = await screen.findByRole('dialog', { name: 'Help centre' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to BDX88' })).toBeTruthy();
  });

  it.each(['/index', '/index.html', '/home'])('serves the home page at %s', async (path) => {
    serve();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to BDX88' })).toBeTruthy();
  });

  it('shows a translated 404 with a link home for unknown routes', async () => {
    serve();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to BDX88' })).toBeTruthy();
  });
});
