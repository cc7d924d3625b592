import DOMPurify from 'dompurify';

// Every piece of stored or received HTML (notes, resolutions, e-mail bodies) passes through here before it is put
// into the page (spec 3 §2: HTML sanitised before display).

// Formatting only: no scripts, styles, forms, frames or embedded objects, and no event handler attributes.
const forbiddenTags = [
  'style',
  'script',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'frame',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'svg',
  'math',
];

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      // Links open in a new tab without handing the page to the target.
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
      // Remote images in mail are trackers: only inline (data:) images are shown.
      if (node.tagName === 'IMG' && !/^data:image\//i.test(node.getAttribute('src') ?? '')) node.remove();
    });
  }
  return DOMPurify;
}

/** HTML that is safe to put into the page with dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    FORBID_TAGS: forbiddenTags,
    FORBID_ATTR: ['style', 'class', 'id'],
    ALLOW_DATA_ATTR: false,
  });
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

/** What a person reads in stored HTML: paragraphs and line breaks as new lines, no markup (for diffs). */
export function htmlToPlainText(html: string): string {
  const marked = sanitizeHtml(storedTextToHtml(html)).replace(/<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, '$&\n');
  const parsed = new DOMParser().parseFromString(marked, 'text/html');
  return (parsed.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
