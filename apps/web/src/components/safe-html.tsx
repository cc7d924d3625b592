import { Typography, type BoxProps } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/safe-html.ts';

/** Shows stored or received HTML after sanitising it (lib/safe-html.ts). */
export function SafeHtml({ html, ...props }: { html: string } & BoxProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Typography {...props}>
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
