import { useEffect } from 'react';

export const productName = 'Switchboard';

export function formatPageTitle(title?: string): string {
  return title ? `${title} | ${productName}` : productName;
}

/**
 * Sets a title that depends on data (e.g. a ticket number). The root layout resets the title in a layout effect on
 * every navigation, which runs before this passive effect, so the page's title wins.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = formatPageTitle(title);
  }, [title]);
}
