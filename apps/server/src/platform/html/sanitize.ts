import sanitizeHtml from 'sanitize-html';

/**
 * Operator-written HTML (announcements, articles, help-centre articles) is shown inside the player's page, so it is
 * cleaned with one allow-list when it is stored and again whenever it is served (ARCHITECTURE.md section 8): a record
 * written before a rule was tightened, or put in the table by other means, still cannot run script in a player's
 * browser. It lives in the platform layer because two modules (content, and system for the help centre) store such
 * HTML and must clean it the same way.
 */
const operatorHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'mark',
    'sub',
    'sup',
    'h2',
    'h3',
    'h4',
    'h5',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start'],
  },
  // No javascript:, data: or vbscript: anywhere; images only over http(s) or from this site (relative).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? '';
      // Links inside the site stay in the tab; links elsewhere open a new one without a reference back.
      const kept: sanitizeHtml.Attributes = /^https?:/i.test(href)
        ? { href, target: '_blank', rel: 'noopener noreferrer' }
        : href
          ? { href }
          : {};
      return { tagName, attribs: kept };
    },
  },
};

/** Returns operator HTML holding only allow-listed elements, attributes and URL schemes. */
export function sanitizeOperatorHtml(html: string): string {
  return sanitizeHtml(html, operatorHtmlOptions).trim();
}

/**
 * Whether a URL an operator gives for an image, video or link may be used as it is: an absolute http(s) URL or
 * a path on this site (not `//host`, which leaves it).
 */
export function isSafeContentUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.startsWith('/')) return !trimmed.startsWith('//') && !trimmed.startsWith('/\\');
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
