import { sanitizeHtml, storedTextToHtml } from '@switchboard/shared/html-policy';

// Every piece of stored or received HTML (notes, resolutions, e-mail bodies, articles, chat) passes through here
// before it is put into the page (spec 3 §2: HTML sanitised before display). The server stored it sanitised with the
// same policy and function (packages/shared/src/html-policy.ts, decision 0060): this is the second line of defence.

export { looksLikeHtml, sanitizeHtml, storedTextToHtml, textToHtml } from '@switchboard/shared/html-policy';

/** What a person reads in stored HTML: paragraphs and line breaks as new lines, no markup (for diffs). */
export function htmlToPlainText(html: string): string {
  const marked = sanitizeHtml(storedTextToHtml(html)).replace(/<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, '$&\n');
  const parsed = new DOMParser().parseFromString(marked, 'text/html');
  return (parsed.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
