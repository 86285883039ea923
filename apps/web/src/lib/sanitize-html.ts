/**
 * Allow-list HTML cleaner for operator-written content (help articles, announcements). The server
 * sanitises this HTML when it is stored; cleaning again before it is shown follows ARCHITECTURE.md
 * section 8, so a bypass or an old stored record cannot run script in the player's page.
 */

/** Elements whose whole subtree is dropped: they run code, load active content or submit data. */
const droppedElements = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'base',
  'title',
  'head',
]);

/** Elements kept as they are; any other element is unwrapped, keeping its text. */
const keptElements = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

const keptAttributes: Record<string, ReadonlySet<string>> = {
  '*': new Set(['title', 'id']),
  a: new Set(['href']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  ol: new Set(['start']),
};

const urlAttributes = new Set(['href', 'src']);

function isSafeUrl(value: string, attribute: string): boolean {
  const trimmed = value.trim();
  if (trimmed.startsWith('#') || (trimmed.startsWith('/') && !trimmed.startsWith('//'))) return true;
  try {
    const { protocol } = new URL(trimmed, 'https://placeholder.invalid');
    if (attribute === 'src') return protocol === 'https:' || protocol === 'http:';
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(protocol);
  } catch {
    return false;
  }
}

function cleanElement(element: Element): void {
  for (const child of [...element.children]) {
    const tag = child.tagName.toLowerCase();
    if (droppedElements.has(tag)) {
      child.remove();
      continue;
    }
    cleanElement(child);
    if (!keptElements.has(tag)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowed = keptAttributes[tag];
    for (const { name, value } of [...child.attributes]) {
      const attribute = name.toLowerCase();
      const keep =
        (keptAttributes['*']?.has(attribute) || allowed?.has(attribute)) &&
        (!urlAttributes.has(attribute) || isSafeUrl(value, attribute));
      if (!keep) child.removeAttribute(name);
    }
    if (tag === 'a' && /^https?:/i.test(child.getAttribute('href') ?? '')) {
      // External links leave the site in a new tab without handing it a reference back to this page.
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
  for (const node of [...element.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE) node.remove();
  }
}

/** Returns HTML holding only allow-listed elements, attributes and URL schemes. */
export function sanitizeHtml(html: string): string {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanElement(document.body);
  return document.body.innerHTML;
}
