import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';

// The one allow-list for HTML from users or mail (decision 0060): the server sanitises with it before every store,
// the browser again before display (apps/web/src/lib/safe-html.ts). Both run DOMPurify: on the page's own DOM in the
// browser, on jsdom's on the server.

/** What stored HTML may hold: what Tiptap and the editors produce, plus the plain formatting mail carries. */
export const htmlPolicy = {
  tags: [
    ...['p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code'],
    ...['strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'small', 'mark', 'abbr', 'cite', 'q'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption', 'address'],
    ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ],
  // No style, class or id (they restyle or spoof the page around them) and no event handlers.
  attributes: [
    ...['href', 'target', 'rel', 'src', 'alt', 'title', 'width', 'height', 'dir'],
    ...['colspan', 'rowspan', 'scope', 'align', 'valign', 'start', 'reversed'],
  ],
  /** A link keeps its href only with one of these schemes. */
  linkSchemes: ['http:', 'https:', 'mailto:'],
  /**
   * An image stays only when its src is one of these: inline raster images (mail's cid: parts arrive as data:) and the
   * whiteboard's stored images. Remote images are dropped: in mail they are trackers.
   */
  imageSources: [
    /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i,
    // whiteboardImagePathPattern (whiteboard.ts), written out so the policy does not pull the whiteboard's contracts
    // into every page that shows HTML; html-policy.test.ts checks they are the same.
    /^uploads\/whiteboard\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/,
  ],
  /** Attributes a link is given: a new tab that cannot reach back to the page. Tiptap's Link writes the same. */
  linkAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
} as const;

// DOMPurify tests every allowed attribute's value against this: the policy's schemes, or a value with no scheme
// (a width, a relative path). javascript:, vbscript:, data: (outside images) and the rest are refused.
const allowedValue = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const purifyConfig: Config = {
  ALLOWED_TAGS: [...htmlPolicy.tags],
  ALLOWED_ATTR: [...htmlPolicy.attributes],
  ALLOWED_URI_REGEXP: allowedValue,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

const hasLinkScheme = (href: string) => {
  const scheme = /^\s*([a-z][a-z0-9+.-]*:)/i.exec(href)?.[1]?.toLowerCase();
  return scheme !== undefined && (htmlPolicy.linkSchemes as readonly string[]).includes(scheme);
};

function withPolicyHooks(purify: DOMPurify): DOMPurify {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      if (node.hasAttribute('href') && !hasLinkScheme(node.getAttribute('href') ?? '')) node.removeAttribute('href');
      for (const [name, value] of Object.entries(htmlPolicy.linkAttributes)) {
        if (node.hasAttribute('href')) node.setAttribute(name, value);
        else node.removeAttribute(name);
      }
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!htmlPolicy.imageSources.some((pattern) => pattern.test(src))) node.remove();
    }
  });
  return purify;
}

type JsdomModule = { JSDOM: new (html: string) => { window: unknown } };
type NodeProcess = { getBuiltinModule?(id: 'node:module'): { createRequire(from: string): (id: string) => unknown } };

/**
 * The page's window in a browser; on the server a jsdom window, loaded on the first use (jsdom takes a while to load,
 * and most server processes and test files never sanitise anything).
 */
function domWindow(): WindowLike {
  if ('document' in globalThis) return globalThis as unknown as WindowLike;
  const nodeModule = (globalThis as { process?: NodeProcess }).process?.getBuiltinModule?.('node:module');
  if (!nodeModule) throw new Error('sanitizeHtml needs a DOM: a browser, or Node.js with jsdom installed');
  const { JSDOM } = nodeModule.createRequire(import.meta.url)('jsdom') as JsdomModule;
  return new JSDOM('<!DOCTYPE html>').window as WindowLike;
}

let purifier: DOMPurify | undefined;

/** Makes the sanitiser ready now (on the server: loads jsdom), so the first request that stores HTML does not wait. */
export function loadHtmlSanitizer(): DOMPurify {
  if (purifier) return purifier;
  const purify = createDOMPurify(domWindow());
  // Without a usable DOM, DOMPurify answers its input unchanged: refuse instead of storing it unsanitised.
  if (!purify.isSupported) throw new Error('sanitizeHtml: DOMPurify does not support this DOM');
  purifier = withPolicyHooks(purify);
  return purifier;
}

/** HTML that holds only what the policy allows: safe to store, and to put into a page with innerHTML. */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  return loadHtmlSanitizer().sanitize(html, { ...purifyConfig, RETURN_TRUSTED_TYPE: false });
}

/** Whether stored text is already HTML (the rich-text editor's) rather than plain text (older notes, mail text). */
export function looksLikeHtml(text: string): boolean {
  return /<\/?(p|br|div|ul|ol|li|strong|em|b|i|u|s|a|h[1-6]|blockquote|pre|code|span|table)\b[^>]*>/i.test(text);
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);

/** Plain text as HTML paragraphs, one per line, escaped. */
export function textToHtml(text: string): string {
  if (!text) return '';
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** Stored notes or resolution (HTML, or plain text from before the editor) as HTML for the editor or the page. */
export function storedTextToHtml(text: string): string {
  return looksLikeHtml(text) ? text : textToHtml(text);
}

/**
 * A field that holds editor HTML or plain text (ticket notes and resolution, chat messages) as it is stored: HTML
 * sanitised; plain text kept as is, unless it has a '<', when it is stored as the escaped paragraphs it is shown as
 * (so no reader that takes the field for HTML finds markup in it). Idempotent, like sanitizeHtml.
 */
export function sanitizeStoredText(text: string): string {
  if (!text.includes('<')) return text;
  if (!looksLikeHtml(text)) return sanitizeHtml(textToHtml(text));
  const clean = sanitizeHtml(text);
  // Markup left only inside what was dropped (`<noscript><p>…</p></noscript><img …>`): kept as HTML all the same.
  return looksLikeHtml(clean) || !clean.includes('<') ? clean : `<div>${clean}</div>`;
}
