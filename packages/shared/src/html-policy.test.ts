import { beforeAll, describe, expect, it } from 'vitest';
import {
  htmlPolicy,
  loadHtmlSanitizer,
  looksLikeHtml,
  sanitizeHtml,
  sanitizeStoredText,
  storedTextToHtml,
  textToHtml,
} from './html-policy.ts';
import { whiteboardImagePathPattern } from './whiteboard.ts';

// These run in Node: the server's path (DOMPurify on a jsdom window). The browser's runs in apps/web's safe-html test.

// jsdom loads in seconds on a busy machine: once, outside the tests' own time limit.
beforeAll(() => void loadHtmlSanitizer(), 60_000);

const attack = '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>';
const upload = 'uploads/whiteboard/0123456789abcdef0123456789abcdef.png';

describe('sanitizeHtml (server side of the shared policy)', () => {
  it('drops scripts, handlers and images from elsewhere', () => {
    expect(sanitizeHtml(attack)).toBe('<p>ok</p>');
  });

  it('keeps what the editors write: formatting, lists, quotes, code and links', () => {
    const tiptap =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br>next</p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>q</p></blockquote><pre><code>x</code></pre>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.test/a">a</a></p>';
    expect(sanitizeHtml(tiptap)).toBe(tiptap);
  });

  it('drops styles, classes, ids, frames, forms, svg and event handlers', () => {
    expect(
      sanitizeHtml(
        '<p onclick="steal()" style="color:red" class="x" id="y">Hi</p><style>p{}</style><iframe src="https://x.test"></iframe>' +
          '<form><input value="1"><button>go</button></form><svg><script>alert(1)</script></svg><object data="x"></object>',
      ),
    ).toBe('<p>Hi</p>go');
  });

  it('keeps links with http, https and mailto only, each opening a new tab without the opener', () => {
    const opens = 'target="_blank" rel="noopener noreferrer nofollow"';
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/relative" target="_self">r</a><a href="tel:1">t</a>')).toBe('<a>r</a><a>t</a>');
    expect(sanitizeHtml('<a href="http://e.test/" target="_self" rel="opener">h</a>')).toBe(
      `<a href="http://e.test/" ${opens}>h</a>`,
    );
    expect(sanitizeHtml('<a href="mailto:help@e.test">m</a>')).toBe(`<a href="mailto:help@e.test" ${opens}>m</a>`);
  });

  it('keeps inline raster images and the whiteboard uploads; drops remote, svg and other images', () => {
    expect(sanitizeHtml('<p><img src="https://tracker.test/p.gif"></p>')).toBe('<p></p>');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('<img src="data:image/png;base64,AAAA">');
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,AAAA"><img src="uploads/chat/a.png">')).toBe('');
    expect(sanitizeHtml(`<img src="${upload}" alt="plan" onload="x()">`)).toBe(`<img src="${upload}" alt="plan">`);
    expect(sanitizeHtml(`<img src="../${upload}">`)).toBe('');
  });

  it("keeps a mail's tables and its body only", () => {
    expect(
      sanitizeHtml(
        '<html><head><title>t</title><style>b{}</style></head><body>' +
          '<table width="600" bgcolor="red" style="x"><tr><td colspan="2" align="center">c</td></tr></table></body></html>',
      ),
    ).toBe('<table width="600"><tbody><tr><td colspan="2" align="center">c</td></tr></tbody></table>');
  });

  it('is idempotent: what it answers passes through it unchanged', () => {
    for (const html of [attack, '<p>a &amp; b &lt; c "q"</p><p>&nbsp;x</p>', `<p><img src="${upload}"></p>`]) {
      const once = sanitizeHtml(html);
      expect(sanitizeHtml(once)).toBe(once);
    }
    expect(sanitizeHtml('')).toBe('');
  });

  it("allows the whiteboard's stored images by the whiteboard's own path pattern", () => {
    expect(htmlPolicy.imageSources.map((pattern) => pattern.source)).toContain(whiteboardImagePathPattern.source);
  });

  it('names its schemes and allows no handler or style attribute', () => {
    expect(htmlPolicy.linkSchemes).toEqual(['http:', 'https:', 'mailto:']);
    expect((htmlPolicy.attributes as readonly string[]).some((name) => /^on|^style$/.test(name))).toBe(false);
    expect(htmlPolicy.tags).not.toContain('script');
  });
});

describe('sanitizeStoredText (fields holding editor HTML or plain text)', () => {
  it('sanitises HTML', () => {
    expect(sanitizeStoredText(attack)).toBe('<p>ok</p>');
  });

  it('keeps plain text without markup as it is', () => {
    expect(sanitizeStoredText('Called the client & left a message.\nBack at 3')).toBe(
      'Called the client & left a message.\nBack at 3',
    );
    expect(sanitizeStoredText('')).toBe('');
  });

  it('stores plain text with a < as the escaped paragraphs it is shown as', () => {
    expect(sanitizeStoredText('if a < b\n<img src=x onerror=alert(1)>')).toBe(
      '<p>if a &lt; b</p><p>&lt;img src=x onerror=alert(1)&gt;</p>',
    );
    // What the browser shows is unchanged: the stored paragraphs read as the plain text did.
    expect(storedTextToHtml(sanitizeStoredText('if a < b'))).toBe(sanitizeHtml(textToHtml('if a < b')));
  });

  it('keeps HTML as HTML when the markup that made it so was dropped', () => {
    const stored = sanitizeStoredText('<noscript><p>x</p></noscript><img src="data:image/png;base64,AA">');
    expect(looksLikeHtml(stored)).toBe(true);
  });

  it('is idempotent', () => {
    for (const text of [
      attack,
      'plain',
      'a < b "q"',
      '<script><p>x</p></script><img src="data:image/png;base64,AA">',
    ]) {
      const once = sanitizeStoredText(text);
      expect(sanitizeStoredText(once)).toBe(once);
    }
  });
});
