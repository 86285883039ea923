import { describe, expect, it, vi } from 'vitest';
import { createStartupPage, startupPromoMarker, startupPromoPreloadMarker, withStartupPromo } from './startup-page';

const page = `<!doctype html><html><head>${startupPromoPreloadMarker}<script type="module" src="/app.js"></script></head><body><div id="root"><div class="ui-cover">${startupPromoMarker}<p>Loading</p></div></div></body></html>`;

describe('start-up page', () => {
  it('puts the promotion where the cover has its place, with the banner size and a high fetch priority', () => {
    const html = withStartupPromo(page, { url: '/wps/content/media/welcome.svg', title: 'Welcome bonus' });
    expect(html).toContain(
      '<div class="ui-cover"><div class="ui-cover__promo"><img src="/wps/content/media/welcome.svg" alt="Welcome bonus" width="1200" height="400" fetchpriority="high"></div><p>Loading</p>',
    );
    expect(html).not.toContain(startupPromoMarker);
    // Preloaded ahead of the scripts.
    expect(html).toContain(
      '<head><link rel="preload" as="image" href="/wps/content/media/welcome.svg" fetchpriority="high"><script',
    );
  });

  it('escapes the title and the address, so an operator text cannot break out of the attribute', () => {
    const html = withStartupPromo(page, {
      url: 'https://cdn.example/a.png?x="><script>alert(1)</script>',
      title: '"><script>alert(2)</script> & $` $1',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('src="https://cdn.example/a.png?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    // Replacement patterns in the title ($` would repeat the page before the marker) stay as written.
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt; &amp; $` $1"');
  });

  it('leaves the page as it is without a promotion, with an unsafe address, or without a place for it', () => {
    expect(withStartupPromo(page, null)).toBe(page);
    expect(withStartupPromo(page, { url: 'javascript:alert(1)', title: 'x' })).toBe(page);
    expect(withStartupPromo(page, { url: '//evil.example/a.png', title: 'x' })).toBe(page);
    const noPlace = '<html><body><div id="root"></div></body></html>';
    expect(withStartupPromo(noPlace, { url: '/a.png', title: 'x' })).toBe(noPlace);
  });

  it('asks for the promotion at most once per period, and again after it', async () => {
    let clock = 0;
    const promo = vi.fn(async () => ({ url: `/banner-${clock}.png`, title: 'Bonus' }));
    const startup = createStartupPage({ indexHtml: page, promo, ttlMs: 10_000, now: () => clock });
    const [first, second] = await Promise.all([startup.html(), startup.html()]);
    expect(first).toContain('src="/banner-0.png"');
    expect(second).toBe(first);
    clock = 9_999;
    expect(await startup.html()).toContain('src="/banner-0.png"');
    expect(promo).toHaveBeenCalledTimes(1);
    clock = 10_000;
    expect(await startup.html()).toContain('src="/banner-10000.png"');
    expect(promo).toHaveBeenCalledTimes(2);
  });

  it('serves the plain page when the look-up fails, and asks again on the next request', async () => {
    const onError = vi.fn();
    const promo = vi
      .fn<() => Promise<{ url: string; title: string } | null>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValue({ url: '/back.png', title: 'Back' });
    const startup = createStartupPage({ indexHtml: page, promo, now: () => 0, onError });
    expect(await startup.html()).toBe(page);
    expect(onError).toHaveBeenCalledOnce();
    expect(await startup.html()).toContain('src="/back.png"');
    expect(promo).toHaveBeenCalledTimes(2);
  });
});
