import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps ordinary formatting', () => {
    const html = '<h2>Deposit</h2><p>Use <strong>bKash</strong> or <em>Nagad</em>.</p><ul><li>One</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles, templates and forms with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><template><p>t</p></template>')).toBe(
      '<p>a</p>',
    );
    expect(sanitizeHtml('<form><input name="p"><button>Go</button></form>')).toBe('');
  });

  it('removes event handlers, styles and unsafe URLs', () => {
    const cleaned = sanitizeHtml(
      '<p onclick="steal()" style="color:red">x</p><a href="javascript:alert(1)">y</a><img src="data:text/html,1" alt="z">',
    );
    expect(cleaned).toBe('<p>x</p><a>y</a><img alt="z">');
  });

  it('opens external links in a new tab without an opener', () => {
    expect(sanitizeHtml('<a href="https://example.com">e</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">e</a>',
    );
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<custom-tag><b>bold</b> text</custom-tag>')).toBe('<b>bold</b> text');
  });
});
