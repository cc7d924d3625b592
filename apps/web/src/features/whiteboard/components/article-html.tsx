import { Typography, type BoxProps } from '@mantine/core';
import { whiteboardImagePathPattern } from '@switchboard/shared';
import { useEffect, useMemo, useRef } from 'react';
import { sanitizeHtml } from '../../../lib/safe-html.ts';
import { fetchArticleImage } from '../api/whiteboard.ts';

// An article's HTML is sanitised as ticket notes are (lib/safe-html.ts). The one difference: images the article holds
// (`<img src="uploads/whiteboard/….png">`) are kept, marked and loaded as blobs through POST /api/download.

const imageMarker = 'data-article-image';

/** Article images out of the way of the shared sanitiser (which keeps only inline images), then back as markers. */
export function sanitizeArticleHtml(html: string): string {
  const stored: string[] = [];
  // A placeholder the article's own text cannot guess, so no text of it turns into an image marker.
  const nonce = Math.random().toString(36).slice(2);
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  for (const image of Array.from(parsed.querySelectorAll('img'))) {
    const src = image.getAttribute('src') ?? '';
    if (!whiteboardImagePathPattern.test(src)) continue;
    stored.push(src);
    image.replaceWith(parsed.createTextNode(`[[${nonce}:${stored.length - 1}]]`));
  }
  // The path matches a strict pattern (letters, digits, slashes, one dot), so it goes into the attribute as is.
  const placeholder = new RegExp(`\\[\\[${nonce}:(\\d+)\\]\\]`, 'g');
  return sanitizeHtml(parsed.body.innerHTML).replace(placeholder, (text, index: string) => {
    const path = stored[Number(index)];
    return path === undefined ? text : `<img ${imageMarker}="${path}" alt="">`;
  });
}

/** The article's text, sanitised, with its stored images loaded. */
export function ArticleHtml({ html, ...props }: { html: string } & BoxProps) {
  const clean = useMemo(() => sanitizeArticleHtml(html), [html]);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const images = Array.from(container.current?.querySelectorAll<HTMLImageElement>(`img[${imageMarker}]`) ?? []);
    if (images.length === 0) return;
    const controller = new AbortController();
    const urls: string[] = [];
    for (const image of images) {
      const file = image.getAttribute(imageMarker)!;
      fetchArticleImage(file, controller.signal)
        .then((blob) => {
          const url = URL.createObjectURL(blob);
          urls.push(url);
          image.src = url;
        })
        .catch(() => {
          image.alt = 'Image not available';
        });
    }
    return () => {
      controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [clean]);
  return (
    <Typography {...props}>
      <div ref={container} dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
