import * as policy from '@switchboard/shared/html-policy';
import { describe, expect, it } from 'vitest';
import { looksLikeHtml, sanitizeHtml, storedTextToHtml, textToHtml } from './safe-html.ts';

describe('sanitizeHtml', () => {
  it("is the server's function and policy (decision 0060), run on the page's own DOM", () => {
    expect(sanitizeHtml).toBe(policy.sanitizeHtml);
    expect(sanitizeHtml('<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>')).toBe('<p>ok</p>');
    const upload = '<img src="uploads/whiteboard/0123456789abcdef0123456789abcdef.png" alt="">';
    expect(sanitizeHtml(upload)).toBe(upload);
  });

  it('keeps formatting and drops scripts, handlers, styles and frames', () => {
    const clean = sanitizeHtml(
      '<p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script></p><style>p{}</style><iframe src="https://x.test"></iframe><img src=x onerror="alert(2)">',
    );
    expect(clean).toBe('<p>Hi <strong>there</strong></p>');
  });

  it('drops javascript: links and opens the others in a new tab without the opener', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="https://example.test/a">a</a>')).toBe(
      '<a href="https://example.test/a" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    );
  });

  it('shows inline images but not remote ones (mail trackers)', () => {
    expect(sanitizeHtml('<p><img src="https://tracker.test/p.gif"></p>')).toBe('<p></p>');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('<img src="data:image/png;base64,AAAA">');
  });

  it('keeps the body of a whole mail document only', () => {
    expect(sanitizeHtml('<html><head><title>t</title><style>b{}</style></head><body><p>Thanks</p></body></html>')).toBe(
      '<p>Thanks</p>',
    );
  });
});

describe('plain text and stored text', () => {
  it('turns plain text into escaped paragraphs, one per line', () => {
    expect(textToHtml('a < b\nsecond & last')).toBe('<p>a &lt; b</p><p>second &amp; last</p>');
    expect(textToHtml('')).toBe('');
  });

  it('tells editor HTML from plain text', () => {
    expect(looksLikeHtml('<p>note</p>')).toBe(true);
    expect(looksLikeHtml('if a < b and c > d')).toBe(false);
    expect(storedTextToHtml('<p>kept</p>')).toBe('<p>kept</p>');
    expect(storedTextToHtml('line <one>')).toBe('<p>line &lt;one&gt;</p>');
  });
});
