import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** index.html as written (the build only changes its script and stylesheet tags). */
const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');

describe('index.html start-up cover', () => {
  const page = new DOMParser().parseFromString(html, 'text/html');

  it('holds the first paint until the whole cover is parsed (a half-parsed cover shifts as it grows)', () => {
    const expects = [...page.head.querySelectorAll('link[rel="expect"]')];
    const link = expects.find((element) => element.getAttribute('blocking') === 'render');
    expect(link, 'a render-blocking <link rel=expect> in the head').toBeTruthy();
    const target = page.getElementById((link?.getAttribute('href') ?? '').replace(/^#/, ''));
    const cover = page.querySelector('#root > .ui-cover');
    expect(cover).toBeTruthy();
    expect(target, 'the element the link waits for').toBeTruthy();
    // After the cover's last element (its text included): the link lets painting go once the target is parsed.
    const label = cover?.querySelector('.ui-cover__label');
    expect(label?.textContent).toBe('Loading');
    if (!target || !label) return;
    expect(label.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(label.contains(target)).toBe(false);
    // Never drawn itself.
    expect(target.tagName).toBe('TEMPLATE');
  });
});
