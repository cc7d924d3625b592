import { useEffect } from 'react';
import { useLocation } from 'react-router';

// The route the user came from, for screens that close back to it (the PDF viewer, spec 3 §1). Moving between the
// viewer's own revisions is not a new place to come back to.

let current: string | null = null;
let previous: string | null = null;

const isViewer = (path: string | null) => path?.startsWith('/pdf/') ?? false;

/** Called once by the shell: follows every navigation. */
export function useRouteHistory(): void {
  const location = useLocation();
  useEffect(() => {
    const path = location.pathname + location.search;
    if (path === current) return;
    if (!(isViewer(path) && isViewer(current))) previous = current;
    current = path;
  }, [location.pathname, location.search]);
}

/** The path before the current one, or null on the first page of the tab. */
export function previousRoute(): string | null {
  return previous;
}

/** Where closing the PDF viewer goes: back, unless there was no previous route or it was the root (/dashboard then). */
export function pdfViewerCloseTarget(previousPath: string | null): 'back' | '/dashboard' {
  return previousPath === null || previousPath === '/' || previousPath.startsWith('/?') ? '/dashboard' : 'back';
}
